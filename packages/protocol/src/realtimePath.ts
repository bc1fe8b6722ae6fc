// Keys and paths of the realtime database (docs/protocols/realtime.md §Paths and values), checked alike by the
// client before it sends and by the server before it writes, so both reject with the same code and message.

import { REALTIME_MAX_DEPTH, REALTIME_MAX_KEY_BYTES } from './constants';
import { utf8ByteLength } from './utf8';

export type RealtimeValidationCode = 'invalid_path' | 'invalid_value' | 'too_large';

/** A rejected key, path or value. `path` is the slash-joined location of the offence ('' for the root). */
export class RealtimeValidationError extends Error {
  readonly code: RealtimeValidationCode;
  readonly path: string;

  constructor(code: RealtimeValidationCode, message: string, path: string) {
    super(message);
    this.name = 'RealtimeValidationError';
    this.code = code;
    this.path = path;
  }
}

/** The read-only paths the client answers itself: connection state and the clock offset to the server. */
export const INFO_CONNECTED_PATH = '.info/connected';
export const INFO_SERVER_TIME_OFFSET_PATH = '.info/serverTimeOffset';

const FORBIDDEN_KEY_CHAR = /[.#$/[\]]/;
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is matched
const CONTROL_CHAR = /[\x00-\x1f\x7f]/;
// Longest key and path quoted in a message; a 768-byte key would drown the reason.
const MAX_QUOTED_KEY = 80;
const MAX_QUOTED_PATH = 200;

/** Why `key` cannot be a key, or null when it can. */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== 'string') return 'keys must be strings';
  if (key === '') return 'keys cannot be empty';
  if (FORBIDDEN_KEY_CHAR.test(key)) return 'keys cannot contain ".", "#", "$", "/", "[" or "]"';
  if (CONTROL_CHAR.test(key)) return 'keys cannot contain ASCII control characters';
  // Allowed by Firebase, but a trap for every consumer that assigns obj[key] = value.
  if (key === '__proto__') return 'keys cannot be "__proto__"';
  if (utf8ByteLength(key, REALTIME_MAX_KEY_BYTES) > REALTIME_MAX_KEY_BYTES) {
    return `keys cannot be longer than ${REALTIME_MAX_KEY_BYTES} bytes`;
  }
  return null;
}

export function isValidKey(key: unknown): key is string {
  return keyProblem(key) === null;
}

/** Slash-joined path of segments, as used in messages and as map keys ('' for the root). */
export function joinPath(segments: readonly string[]): string {
  return segments.join('/');
}

/** A path as quoted in messages: the root reads "/", and a path too long to read is cut short with '…'. */
export function describePath(segments: readonly string[]): string {
  const path = segments.length === 0 ? '/' : joinPath(segments);
  return JSON.stringify(path.length > MAX_QUOTED_PATH ? `${path.slice(0, MAX_QUOTED_PATH)}…` : path);
}

function quoteKey(key: unknown): string {
  if (typeof key !== 'string') return String(key);
  const shown = key.length > MAX_QUOTED_KEY ? `${key.slice(0, MAX_QUOTED_KEY)}…` : key;
  return JSON.stringify(shown);
}

/**
 * Throws unless `key` may be a child of `parent`. The message names the key and its full path, e.g.
 * `Invalid key "a.b" at path "players/x/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"`.
 */
export function validateKey(
  key: string,
  parent: readonly string[] = [],
  code: RealtimeValidationCode = 'invalid_path',
): void {
  const problem = keyProblem(key);
  if (problem === null) return;
  const at = [...parent, String(key)];
  throw new RealtimeValidationError(
    code,
    `Invalid key ${quoteKey(key)} at path ${describePath(at)}: ${problem}`,
    joinPath(at),
  );
}

/** Segments of a path; leading, trailing and repeated slashes are ignored, so '' and '/' are the root ([]). */
export function parsePath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** True for the client-side read-only paths `.info/connected` and `.info/serverTimeOffset`. */
export function isInfoPath(path: string): boolean {
  const normalized = joinPath(parsePath(path));
  return normalized === INFO_CONNECTED_PATH || normalized === INFO_SERVER_TIME_OFFSET_PATH;
}

/** Throws unless a value may sit at `segments`: too many levels is an error of the given code. */
export function checkDepth(segments: readonly string[], code: RealtimeValidationCode): void {
  if (segments.length <= REALTIME_MAX_DEPTH) return;
  const at = segments.slice(0, REALTIME_MAX_DEPTH + 1);
  throw new RealtimeValidationError(
    code,
    `Path ${describePath(at)} is deeper than ${REALTIME_MAX_DEPTH} levels`,
    joinPath(at),
  );
}

/**
 * Parses and checks a database path, returning its segments. Rejects (code 'invalid_path') non-strings, keys with
 * forbidden or control characters and paths deeper than REALTIME_MAX_DEPTH. `.info/…` paths are rejected too:
 * they are read-only and answered by the client, so test them with isInfoPath first.
 */
export function validatePath(path: string): string[] {
  if (typeof path !== 'string') {
    throw new RealtimeValidationError(
      'invalid_path',
      `Invalid path: paths must be strings (got ${typeof path})`,
      '',
    );
  }
  const segments = parsePath(path);
  checkDepth(segments, 'invalid_path');
  for (let index = 0; index < segments.length; index++) {
    // The parent is copied only to name a bad key (every request's path is validated).
    if (keyProblem(segments[index]!) !== null) validateKey(segments[index]!, segments.slice(0, index));
  }
  return segments;
}

/** True when `prefix` is `path` itself or one of its ancestors. */
export function isPathPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}
