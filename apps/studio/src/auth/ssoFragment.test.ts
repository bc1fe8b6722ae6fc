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

  it('reads a failure with its message, or says which code failed without one', () => {
    expect(parseSsoFragment('#ssoError=SSO_EXPIRED&message=Start+again')).toEqual({
      kind: 'error',
      code: 'SSO_EXPIRED',
      message: 'Start again',
    });
    expect(parseSsoFragment('ssoError=SSO_DENIED')).toMatchObject({
      message: 'Single sign-on failed (SSO_DENIED).',
    });
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
