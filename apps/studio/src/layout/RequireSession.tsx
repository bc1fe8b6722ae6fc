import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/context';

/** Sends a signed-out operator to sign in, remembering where they were going (e.g. the QR code's pair link). */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session === null) {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
