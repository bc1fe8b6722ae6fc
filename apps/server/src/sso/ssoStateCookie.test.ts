import { describe, expect, it } from 'vitest';
import { clearedStateCookie, stateCookie, stateFromCookies } from './ssoStateCookie';

describe('the single sign-on state cookie', () => {
  it('is out of scripts’ reach, sent back on the provider’s redirect, only to the sign-on routes', () => {
    const header = stateCookie('s-1', true, 600);
    expect(header.split('; ')).toEqual([
      'marquee_sso_state=s-1',
      'Path=/api/v1/auth/sso',
      'Max-Age=600',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
    ]);
    // Plain http (a local server) cannot keep a Secure cookie.
    expect(stateCookie('s-1', false, 600)).not.toContain('Secure');
    expect(clearedStateCookie(true)).toContain('Max-Age=0');
  });

  it('is read back from among other cookies, and absent when empty or missing', () => {
    expect(stateFromCookies('a=1; marquee_sso_state=s-2; b=2')).toBe('s-2');
    expect(stateFromCookies('marquee_sso_state=')).toBeNull();
    expect(stateFromCookies('x_marquee_sso_state=s-3')).toBeNull();
    expect(stateFromCookies(undefined)).toBeNull();
  });
});
