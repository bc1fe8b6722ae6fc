import { describe, expect, it } from 'vitest';
import { decodeApiToken, decodeBase64Url, decodeJwtPart, InvalidTokenError } from './apiToken';

// Tokens built by hand: header.payload.signature, base64url without padding. The signature is never read.
const HEADER = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9'; // {"alg":"HS256","typ":"JWT"}
const UNPAIRED = 'eyJzdWIiOiJwbGF5ZXItMSIsImlhdCI6MTc2NzIyNTYwMCwiZXhwIjoxNzY3MjI5MjAwfQ'; // {"sub":"player-1","iat":1767225600,"exp":1767229200}
// {"sub":"player-2","org_id":"org-Zürich","screen_id":"écran-✓-😀","exp":1767229200}
const PAIRED =
  'eyJzdWIiOiJwbGF5ZXItMiIsIm9yZ19pZCI6Im9yZy1aw7xyaWNoIiwic2NyZWVuX2lkIjoiw6ljcmFuLeKcky3wn5iAIiwiZXhwIjoxNzY3MjI5MjAwfQ';
const token = (payload: string): string => `${HEADER}.${payload}.c2lnbmF0dXJl`;

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('decodeApiToken', () => {
  it('reads the player id and expiry of an unpaired token', () => {
    expect(decodeApiToken(token(UNPAIRED))).toEqual({
      playerId: 'player-1',
      orgId: null,
      screenId: null,
      exp: 1767229200,
    });
  });

  it('reads org and screen ids of a paired token, decoding UTF-8 (2-, 3- and 4-byte characters)', () => {
    expect(decodeApiToken(token(PAIRED))).toEqual({
      playerId: 'player-2',
      orgId: 'org-Zürich',
      screenId: 'écran-✓-😀',
      exp: 1767229200,
    });
  });

  it('needs no signature part and accepts padding', () => {
    expect(decodeApiToken(`${HEADER}.${UNPAIRED}`).playerId).toBe('player-1');
    expect(decodeApiToken(`x.eyJzdWIiOiJwIn0=.y`)).toEqual({ playerId: 'p', orgId: null, screenId: null });
  });

  it('accepts both URL-safe and standard base64 characters', () => {
    const urlSafe = 'eyJzdWIiOiJwPz4-IiwieCI6In5-fiJ9'; // {"sub":"p?>>","x":"~~~"}
    expect(decodeApiToken(token(urlSafe)).playerId).toBe('p?>>');
    expect(decodeApiToken(token(urlSafe.replace(/-/g, '+'))).playerId).toBe('p?>>');
  });

  it('ignores ids and expiry of the wrong type', () => {
    // {"sub":"p","org_id":7,"screen_id":"","exp":"soon"}
    const payload = 'eyJzdWIiOiJwIiwib3JnX2lkIjo3LCJzY3JlZW5faWQiOiIiLCJleHAiOiJzb29uIn0';
    expect(decodeApiToken(token(payload))).toEqual({ playerId: 'p', orgId: null, screenId: null });
  });

  it('reads a payload that is not UTF-8 byte for byte, as jwt-decode does', () => {
    expect(decodeApiToken(token('eyJzdWIiOiLpIn0')).playerId).toBe('é'); // {"sub":"<0xE9>"}
  });

  it.each([
    ['an overlong form', 'eyJzdWIiOiLAryJ9', '\u00c0\u00af'],
    ['a surrogate', 'eyJzdWIiOiLtoIAifQ', '\u00ed\u00a0\u0080'],
    ['a truncated sequence', 'eyJzdWIiOiLinCJ9', '\u00e2\u009c'],
    ['a code point past U+10FFFF', 'eyJzdWIiOiL0kICAIn0', '\u00f4\u0090\u0080\u0080'],
  ])('does not take %s for UTF-8', (_, payload, latin1) => {
    expect(decodeApiToken(token(payload)).playerId).toBe(latin1);
  });

  it.each([42, null, undefined, {}, ['a.b.c']])('rejects the non-string %j', (value) => {
    const error = errorOf(() => decodeApiToken(value));
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error.name).toBe('InvalidTokenError');
    expect(error.message).toBe('Invalid token specified: must be a string');
  });

  it.each(['', 'abc', HEADER])('rejects %j as missing part #2', (value) => {
    expect(errorOf(() => decodeApiToken(value))).toEqual(
      new InvalidTokenError('Invalid token specified: missing part #2'),
    );
  });

  it('rejects a part with a character outside base64', () => {
    expect(errorOf(() => decodeApiToken('a.eyJ$dWIi.c')).message).toBe(
      'Invalid token specified: invalid base64 for part #2 (invalid character "$" at position 3)',
    );
  });

  it('rejects a part of impossible length', () => {
    expect(errorOf(() => decodeApiToken('a.abcde.c')).message).toBe(
      'Invalid token specified: invalid base64 for part #2 (base64 string is not of the correct length)',
    );
  });

  it('rejects misplaced padding', () => {
    expect(errorOf(() => decodeApiToken('a.ab=c.c')).message).toBe(
      'Invalid token specified: invalid base64 for part #2 (invalid character "=" at position 2)',
    );
  });

  it.each([
    ['an empty part', ''],
    ['text', 'bm90IGpzb24'], // not json
  ])('rejects %s as invalid json', (_, payload) => {
    const error = errorOf(() => decodeApiToken(`a.${payload}.c`));
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error.message).toMatch(/^Invalid token specified: invalid json for part #2 \(.+\)$/);
  });

  it.each([
    ['an array', 'WzFd'],
    ['null', 'bnVsbA'],
  ])('rejects a payload that is %s', (_, payload) => {
    expect(errorOf(() => decodeApiToken(token(payload))).message).toBe(
      'Invalid token specified: payload is not a JSON object',
    );
  });

  it('rejects a payload without sub', () => {
    expect(errorOf(() => decodeApiToken(token('eyJvcmdfaWQiOiJvIn0'))).message).toBe(
      'Invalid token specified: missing sub claim',
    );
  });
});

describe('decodeJwtPart', () => {
  it('reads the header as part #1', () => {
    expect(decodeJwtPart(token(UNPAIRED), 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(errorOf(() => decodeJwtPart('$$.x', 0)).message).toMatch(
      /^Invalid token specified: invalid base64 for part #1 /,
    );
  });
});

describe('decodeBase64Url', () => {
  it('decodes with and without padding, URL-safe or standard', () => {
    expect([...decodeBase64Url('-_8')]).toEqual([0xfb, 0xff]);
    expect([...decodeBase64Url('+/8=')]).toEqual([0xfb, 0xff]);
    expect([...decodeBase64Url('')]).toEqual([]);
    expect([...decodeBase64Url('AA')]).toEqual([0]);
    expect([...decodeBase64Url('AAA')]).toEqual([0, 0]);
    expect([...decodeBase64Url('AAAA')]).toEqual([0, 0, 0]);
  });

  it('round-trips every byte value', () => {
    const bytes = Array.from({ length: 256 }, (_, i) => i);
    // Hand-rolled encoder, independent of the decoder's tables.
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let encoded = '';
    for (let i = 0; i < bytes.length; i += 3) {
      const [a = 0, b = 0, c = 0] = bytes.slice(i, i + 3);
      const n = (a << 16) | (b << 8) | c;
      const count = Math.min(3, bytes.length - i) + 1;
      encoded += [18, 12, 6, 0]
        .slice(0, count)
        .map((shift) => chars[(n >> shift) & 63])
        .join('');
    }
    expect([...decodeBase64Url(encoded)]).toEqual(bytes);
  });
});
