import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REALTIME_MAX_DEPTH, REALTIME_MAX_KEY_BYTES } from './constants';
import {
  RealtimeValidationError,
  isInfoPath,
  isPathPrefix,
  isValidKey,
  joinPath,
  parsePath,
  validateKey,
  validatePath,
} from './realtimePath';

const FORBIDDEN = ['.', '#', '$', '/', '[', ']'];
const CONTROL = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\x7f'];

function caught(fn: () => unknown): RealtimeValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RealtimeValidationError) return error;
    throw error;
  }
  throw new Error('expected a RealtimeValidationError');
}

/** Keys the database accepts: no forbidden or control characters, not empty, not '__proto__'. */
const validKeyArb = fc
  .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
  .filter((key) => isValidKey(key));

describe('validateKey', () => {
  it('names the key and its full path in the message', () => {
    const error = caught(() => validateKey('a.b', ['players', 'x']));
    expect(error.code).toBe('invalid_path');
    expect(error.path).toBe('players/x/a.b');
    expect(error.message).toBe(
      'Invalid key "a.b" at path "players/x/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"',
    );
    expect(error.name).toBe('RealtimeValidationError');
  });

  it.each(FORBIDDEN)('rejects a key containing %j', (char) => {
    for (const key of [char, `a${char}`, `${char}b`, `a${char}b`]) {
      expect(() => validateKey(key)).toThrow(/keys cannot contain "\.", "#", "\$", "\/", "\[" or "\]"/);
    }
  });

  it('rejects every ASCII control character, 0x00–0x1F and 0x7F', () => {
    for (const char of CONTROL) {
      const error = caught(() => validateKey(`a${char}b`));
      expect(error.message).toMatch(/keys cannot contain ASCII control characters$/);
      expect(error.code).toBe('invalid_path');
    }
    expect(isValidKey('a\x80b')).toBe(true); // C1 controls are not ASCII
    expect(isValidKey('a b')).toBe(true);
  });

  it('rejects the empty key, __proto__ and non-strings', () => {
    expect(caught(() => validateKey('', ['a'])).message).toBe(
      'Invalid key "" at path "a/": keys cannot be empty',
    );
    expect(caught(() => validateKey('__proto__')).message).toMatch(/keys cannot be "__proto__"/);
    expect(() => validateKey(5 as unknown as string)).toThrow(/keys must be strings/);
  });

  it(`accepts keys up to ${REALTIME_MAX_KEY_BYTES} UTF-8 bytes and rejects one more`, () => {
    expect(isValidKey('k'.repeat(REALTIME_MAX_KEY_BYTES))).toBe(true);
    expect(isValidKey('é'.repeat(REALTIME_MAX_KEY_BYTES / 2))).toBe(true);
    const error = caught(() => validateKey('k'.repeat(REALTIME_MAX_KEY_BYTES + 1)));
    expect(error.message).toMatch(`keys cannot be longer than ${REALTIME_MAX_KEY_BYTES} bytes`);
    expect(error.message.length).toBeLessThan(400); // the quoted key and path are shortened
    expect(error.path).toHaveLength(REALTIME_MAX_KEY_BYTES + 1); // but the error's path is whole
    expect(isValidKey('é'.repeat(REALTIME_MAX_KEY_BYTES / 2) + 'a')).toBe(false);
  });

  it('accepts unicode, spaces, dashes and other punctuation', () => {
    for (const key of ['players', 'a-b_c', 'ключ', '😀', ' ', 'a:b', 'a@b', 'constructor', 'toString', '0']) {
      expect(() => validateKey(key)).not.toThrow();
    }
  });

  it('property: any key containing a forbidden or control character is rejected', () => {
    const bad = fc.constantFrom(...FORBIDDEN, ...CONTROL);
    fc.assert(
      fc.property(fc.string(), bad, fc.string(), (before, char, after) => {
        const error = caught(() => validateKey(before + char + after));
        expect(error.code).toBe('invalid_path');
      }),
    );
  });

  it('property: generated valid keys are accepted', () => {
    fc.assert(
      fc.property(validKeyArb, (key) => {
        expect(() => validateKey(key)).not.toThrow();
      }),
    );
  });
});

describe('parsePath', () => {
  it('normalises leading, trailing and repeated slashes', () => {
    expect(parsePath('')).toEqual([]);
    expect(parsePath('/')).toEqual([]);
    expect(parsePath('///')).toEqual([]);
    expect(parsePath('players/x')).toEqual(['players', 'x']);
    expect(parsePath('/players//x/')).toEqual(['players', 'x']);
  });

  it('property: joinPath then parsePath gives the segments back', () => {
    fc.assert(
      fc.property(fc.array(validKeyArb, { maxLength: 8 }), (segments) => {
        expect(parsePath(joinPath(segments))).toEqual(segments);
        expect(parsePath(`/${segments.join('//')}/`)).toEqual(segments);
      }),
    );
  });
});

describe('validatePath', () => {
  it('returns the segments of a valid path', () => {
    expect(validatePath('/players/abc/connection/')).toEqual(['players', 'abc', 'connection']);
    expect(validatePath('')).toEqual([]);
  });

  it('names the offending key and the path up to it', () => {
    const error = caught(() => validatePath('players/x/a.b/c'));
    expect(error.path).toBe('players/x/a.b');
    expect(error.message).toBe(
      'Invalid key "a.b" at path "players/x/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"',
    );
    expect(caught(() => validatePath('a/b[0]')).message).toMatch(/^Invalid key "b\[0\]" at path "a\/b\[0\]"/);
    expect(caught(() => validatePath('a/\u0000')).message).toBe(
      'Invalid key "\\u0000" at path "a/\\u0000": keys cannot contain ASCII control characters',
    );
  });

  it(`accepts ${REALTIME_MAX_DEPTH} levels and rejects ${REALTIME_MAX_DEPTH + 1}`, () => {
    expect(validatePath(Array(REALTIME_MAX_DEPTH).fill('k').join('/'))).toHaveLength(REALTIME_MAX_DEPTH);
    const error = caught(() =>
      validatePath(
        Array(REALTIME_MAX_DEPTH + 1)
          .fill('k')
          .join('/'),
      ),
    );
    expect(error.code).toBe('invalid_path');
    expect(error.message).toMatch(`is deeper than ${REALTIME_MAX_DEPTH} levels`);
  });

  it('rejects .info paths and non-strings', () => {
    expect(() => validatePath('.info/connected')).toThrow(RealtimeValidationError);
    expect(caught(() => validatePath(undefined as unknown as string)).message).toBe(
      'Invalid path: paths must be strings (got undefined)',
    );
  });
});

describe('isInfoPath', () => {
  it('recognises exactly the two read-only paths', () => {
    expect(isInfoPath('.info/connected')).toBe(true);
    expect(isInfoPath('/.info/serverTimeOffset/')).toBe(true);
    expect(isInfoPath('.info')).toBe(false);
    expect(isInfoPath('.info/other')).toBe(false);
    expect(isInfoPath('players/.info/connected')).toBe(false);
  });
});

describe('isPathPrefix', () => {
  it('is true for the path itself and its ancestors only', () => {
    expect(isPathPrefix([], ['a'])).toBe(true);
    expect(isPathPrefix(['a'], ['a', 'b'])).toBe(true);
    expect(isPathPrefix(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(isPathPrefix(['a', 'b'], ['a'])).toBe(false);
    expect(isPathPrefix(['a'], ['ab'])).toBe(false);
  });
});
