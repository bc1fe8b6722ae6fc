// Who is signed in and with which role (GET /api/v1/me): read once per session, for the role-aware controls.

import { useQuery } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi, useSession } from '../api/context';

export const meKey = (userId: string | null) => ['me', userId] as const;

export function useMe() {
  const api = useApi();
  const session = useSession();
  const userId = session?.user.id ?? null;
  return useQuery({
    queryKey: meKey(userId),
    queryFn: () => api.get<RouteAnswer<'me'>>('/me'),
    // A role changes when an admin changes it; a re-read on focus is soon enough (the server refuses anyway).
    staleTime: 60_000,
  });
}
