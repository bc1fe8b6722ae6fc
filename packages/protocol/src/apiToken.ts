// Reading the claims of the player's API token (docs/protocols/player-api.md §Credentials: a JWT whose `sub` is the
// player id and, after pairing, `org_id` and `screen_id`). The client never verifies the signature — the server
// does — it only reads. Error messages mirror the jwt-decode library's (docs/player.md §Validation).
// atob/TextDecoder are not part of the ES2023 library this package is limited to, so base64url and UTF-8 are
// decoded here.

export class InvalidTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

export interface ApiTokenClaims {
  playerId: string;
  /** Null until the player is paired. */
  orgId: string | null;
  /** Null until the player is paired. */
  screenId: string | null;
  /** Expiry, seconds since the epoch, when the token has one. */
  exp?: number;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((char, index) => [char, index]));

/**
 * Bytes of a base64url (or base64) string, padded or not, as jwt-decode accepts it: '-'/'_' and '+'/'/' both
 * work, and the length must not leave a single dangling character. Throws an Error saying what is wrong.
 */
export function decodeBase64Url(input: string): Uint8Array {
  let text = input.replace(/-/g, '+').replace(/_/g, '/');
  if (text.length % 4 === 1) throw new Error('base64 string is not of the correct length');
  text += '='.repeat((4 - (text.length % 4)) % 4);
  text = text.replace(/={1,2}$/, '');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const value = BASE64_VALUES.get(text.charAt(i));
    if (value === undefined)
      throw new Error(`invalid character ${JSON.stringify(text.charAt(i))} at position ${i}`);
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes.subarray(0, length);
}

/** Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF); null when the bytes are not UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | null {
  const codePoints: number[] = [];
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i++] ?? 0;
    let extra: number;
    let codePoint: number;
    let min: number;
    if (first < 0x80) [extra, codePoint, min] = [0, first, 0];
    else if (first >= 0xc2 && first <= 0xdf) [extra, codePoint, min] = [1, first & 0x1f, 0x80];
    else if (first >= 0xe0 && first <= 0xef) [extra, codePoint, min] = [2, first & 0x0f, 0x800];
    else if (first >= 0xf0 && first <= 0xf4) [extra, codePoint, min] = [3, first & 0x07, 0x10000];
    else return null;
    for (; extra > 0; extra--) {
      const next = bytes[i++];
      if (next === undefined || (next & 0xc0) !== 0x80) return null;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return null;
    codePoints.push(codePoint);
  }
  let text = '';
  for (let i = 0; i < codePoints.length; i += 4096)
    text += String.fromCodePoint(...codePoints.slice(i, i + 4096));
  return text;
}

// Like jwt-decode: a part that is not UTF-8 is read byte for byte (Latin-1), as atob would give it.
function decodeLatin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096) text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return text;
}

/**
 * The parsed JSON of a JWT part (0 header, 1 payload), unverified. Throws InvalidTokenError with jwt-decode's
 * messages: not a string, missing part #N, invalid base64 for part #N (…), invalid json for part #N (…).
 */
export function decodeJwtPart(token: unknown, part: 0 | 1 = 1): unknown {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string');
  const encoded = token.split('.')[part];
  const partNumber = part + 1;
  if (encoded === undefined)
    throw new InvalidTokenError(`Invalid token specified: missing part #${partNumber}`);
  let decoded: string;
  try {
    const bytes = decodeBase64Url(encoded);
    decoded = decodeUtf8(bytes) ?? decodeLatin1(bytes);
  } catch (error) {
    throw new InvalidTokenError(
      `Invalid token specified: invalid base64 for part #${partNumber} (${(error as Error).message})`,
    );
  }
  try {
    return JSON.parse(decoded) as unknown;
  } catch (error) {
    throw new InvalidTokenError(
      `Invalid token specified: invalid json for part #${partNumber} (${(error as Error).message})`,
    );
  }
}

const optionalId = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The player id, org id, screen id and expiry carried by the API token. Beyond jwt-decode's errors, a payload that
 * is not a JSON object, or has no non-empty string `sub`, is an InvalidTokenError: it names no player.
 */
export function decodeApiToken(token: unknown): ApiTokenClaims {
  const payload = decodeJwtPart(token, 1);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new InvalidTokenError('Invalid token specified: payload is not a JSON object');
  }
  const claims = payload as Record<string, unknown>;
  const playerId = optionalId(claims.sub);
  if (playerId === null) throw new InvalidTokenError('Invalid token specified: missing sub claim');
  const result: ApiTokenClaims = {
    playerId,
    orgId: optionalId(claims.org_id),
    screenId: optionalId(claims.screen_id),
  };
  if (typeof claims.exp === 'number' && Number.isFinite(claims.exp)) result.exp = claims.exp;
  return result;
}
