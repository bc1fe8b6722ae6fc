// The single sign-on state bound to the browser that started the sign-in (docs/teams.md §Single sign-on): the
// start sets it in a cookie, and the callback finishes only when the browser brings back the state it is
// answering. Without it, someone could start a sign-in, sign in at the provider as themselves, and send the
// callback's URL to someone else, who would open it and work in the sender's account without knowing.

/** Only the single sign-on routes see it. */
const COOKIE = 'marquee_sso_state';
const PATH = '/api/v1/auth/sso';

/** The Set-Cookie header for `state`: HttpOnly, SameSite=Lax (sent on the provider's redirect back), 10 minutes. */
export function stateCookie(state: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${COOKIE}=${state}`,
    `Path=${PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie header that removes it once used. */
export function clearedStateCookie(secure: boolean): string {
  return stateCookie('', secure, 0);
}

/** The state the browser brought back in its Cookie header, or null. */
export function stateFromCookies(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}
