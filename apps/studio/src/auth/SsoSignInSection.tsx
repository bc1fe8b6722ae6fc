// The sign-in page's single sign-on: the form, and the result the provider's round trip brings back.

import { useSsoSignIn } from './useSsoSignIn';
import { SsoSignInForm } from './SsoSignInForm';

export function SsoSignInSection({ to }: { to: string }) {
  return <SsoSignInForm sso={useSsoSignIn(to)} />;
}
