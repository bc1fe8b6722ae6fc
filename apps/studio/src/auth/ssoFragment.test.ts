import { describe, expect, it } from 'vitest';
import { parseSsoFragment } from './ssoFragment';

// As the server writes it (apps/server/src/sso/ssoSignIn.ts): base64url of the session's UTF-8 JSON.
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const answer = {
  idToken: 'a',
  refreshToken: 'b',
  expiresIn: 3600,
  user: { id: 'u1', email: 'zoë@example.com' },
  org: { id: 'o1', name: 'Café Señor 東京' },
};

describe('parseSsoFragment', () => {
  it("reads the server's session, names in any script intact", () => {
    expect(parseSsoFragment(`#sso=${encode(answer)}`)).toEqual({ kind: 'session', answer });
  });

  it('words a failure by its code, naming the address when it is the reason', () => {
    expect(
      parseSsoFragment('#ssoError=SSO_NOT_A_MEMBER&email=zo%C3%AB%40example.com&message=ignored'),
    ).toEqual({
      kind: 'error',
      code: 'SSO_NOT_A_MEMBER',
      message: 'No member of this organisation has the address zoë@example.com: ask an admin to invite you.',
    });
    expect(parseSsoFragment('ssoError=SSO_EXPIRED')).toMatchObject({
      message: 'The sign-in took longer than 10 minutes: sign in again.',
    });
  });

  it("shows no text of the URL's making: unknown codes, messages and non-addresses are not repeated", () => {
    const crafted = new URLSearchParams({
      ssoError: 'Call +1 555 0100',
      message: 'Call +1 555 0100 to unlock your account',
    });
    expect(parseSsoFragment(`#${crafted.toString()}`)).toEqual({
      kind: 'error',
      code: 'SSO_FAILED',
      message: 'Single sign-on failed: sign in again.',
    });
    const notAnAddress = new URLSearchParams({ ssoError: 'SSO_NOT_A_MEMBER', email: 'call us: +1 555 0100' });
    expect(parseSsoFragment(notAnAddress.toString())).toMatchObject({
      message:
        'No member of this organisation has the address you signed in with: ask an admin to invite you.',
    });
    expect(parseSsoFragment('#ssoError=toString')).toMatchObject({ code: 'SSO_FAILED' });
  });

  it('refuses what is not a session', () => {
    for (const hash of ['#sso=%%%', `#sso=${encode({ idToken: 'a' })}`, `#sso=${encode('text')}`]) {
      expect(parseSsoFragment(hash)).toMatchObject({ kind: 'error', code: 'SSO_UNREADABLE' });
    }
  });

  it('ignores a fragment that is not single sign-on', () => {
    expect(parseSsoFragment('')).toBeNull();
    expect(parseSsoFragment('#section-2')).toBeNull();
  });
});
