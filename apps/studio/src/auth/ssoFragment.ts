// What the server's single sign-on callback hands the sign-in page in the URL's fragment (see
// docs/teams.md §Single sign-on): `#sso=<base64url of the session JSON>` after a sign-in,
// `#ssoError=<code>&email=<address>` after a failure. The fragment never reaches a server, so the tokens are in no
// log. Anyone can link to the sign-in page with a fragment of their making, so a failure is worded here, by its
// code: the page shows no text from the URL but an address that is one.

import type { SessionAnswer } from '@marquee/management-api';

export type SsoFragment =
  { kind: 'session'; answer: SessionAnswer } | { kind: 'error'; code: string; message: string };

const UNREADABLE = 'The answer of single sign-on could not be read: sign in again.';
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;

/** What each failure of the server's callback means to the person signing in (apps/server/src/sso/ssoSignIn.ts). */
const FAILURES: Record<string, (email: string) => string> = {
  SSO_STATE_UNKNOWN: () => 'This single sign-on link was already used or is not ours: sign in again.',
  SSO_OTHER_BROWSER: () => 'This sign-in was started in another browser: sign in again here.',
  SSO_EXPIRED: () => 'The sign-in took longer than 10 minutes: sign in again.',
  SSO_DENIED: () => 'Your sign-in provider did not sign you in.',
  SSO_NOT_AVAILABLE: () =>
    'Single sign-on is not set up for your organisation any more: sign in with your password.',
  SSO_PROVIDER_ERROR: () =>
    "Your sign-in provider's answer could not be checked: try again, or ask an admin (the server's log says why).",
  SSO_NO_EMAIL: () => 'Your sign-in provider did not tell us your email address: ask an admin.',
  SSO_EMAIL_UNVERIFIED: (email) => `Your sign-in provider has not verified the address ${email}.`,
  SSO_NOT_A_MEMBER: (email) =>
    `No member of this organisation has the address ${email}: ask an admin to invite you.`,
  SSO_ACCOUNT_DISABLED: () => 'Your account is disabled: ask an admin.',
};

function decodeBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function isSessionAnswer(value: unknown): value is SessionAnswer {
  const v = value as Partial<SessionAnswer> | null;
  return (
    typeof v?.idToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresIn === 'number' &&
    typeof v.user?.id === 'string'
  );
}

/** The single sign-on result in `hash` (location.hash, with or without '#'); null when there is none. */
export function parseSsoFragment(hash: string): SsoFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('ssoError');
  if (error !== null) {
    const email = params.get('email') ?? '';
    const word = Object.hasOwn(FAILURES, error) ? FAILURES[error] : undefined;
    return {
      kind: 'error',
      code: word === undefined ? 'SSO_FAILED' : error,
      message:
        word?.(EMAIL.test(email) ? email : 'you signed in with') ?? 'Single sign-on failed: sign in again.',
    };
  }
  const encoded = params.get('sso');
  if (encoded === null) return null;
  try {
    const answer: unknown = JSON.parse(decodeBase64Url(encoded));
    if (isSessionAnswer(answer)) return { kind: 'session', answer };
  } catch {
    // fall through: not base64url, not JSON
  }
  return { kind: 'error', code: 'SSO_UNREADABLE', message: UNREADABLE };
}
