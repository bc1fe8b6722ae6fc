// What the server's single sign-on callback hands the sign-in page in the URL's fragment (docs/teams.md §Single
// sign-on): `#sso=<base64url of the session JSON>` after a sign-in, `#ssoError=<code>&message=<text>` after a
// failure. The fragment never reaches a server, so the tokens are in no log.

import type { SessionAnswer } from '@marquee/management-api';

export type SsoFragment =
  { kind: 'session'; answer: SessionAnswer } | { kind: 'error'; code: string; message: string };

const UNREADABLE = 'The answer of single sign-on could not be read: sign in again.';

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
    return {
      kind: 'error',
      code: error,
      message: params.get('message') || `Single sign-on failed (${error}).`,
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
