import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STRING_BYTES, REALTIME_MAX_DEPTH } from './constants';
import { RealtimeValidationError, isValidKey } from './realtimePath';
import type { RealtimeObject, RealtimeValue } from './realtimeValue';
import {
  SERVER_TIMESTAMP,
  isServerTimestamp,
  isSharedForm,
  shareValue,
  normalizeForWrite,
  resolveServerValues,
  restoreArrays,
  validateValue,
} from './realtimeValue';

function caught(fn: () => unknown): RealtimeValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RealtimeValidationError) return error;
    throw error;
  }
  throw new Error('expected a RealtimeValidationError');
}

function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { k: value };
  return value;
}

const keyArb = fc.string({ minLength: 1, maxLength: 6 }).filter((key) => isValidKey(key));
const jsonishArb = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('validateValue', () => {
  it('accepts JSON values, null and the server timestamp', () => {
    for (const value of [
      null,
      true,
      0,
      -1.5,
      '',
      'text',
      { a: 1 },
      [1, 'a'],
      { a: { b: [null, { c: false }] } },
    ]) {
      expect(() => validateValue(value, 'players/x')).not.toThrow();
    }
    expect(() =>
      validateValue({ connected_at: { '.sv': 'timestamp' } }, 'players/x/connection'),
    ).not.toThrow();
    expect(() => validateValue(SERVER_TIMESTAMP, 'a')).not.toThrow();
  });

  it('rejects undefined at the top level but not inside an object', () => {
    const error = caught(() => validateValue(undefined, 'players/x/settings'));
    expect(error.code).toBe('invalid_value');
    expect(error.message).toBe(
      'Invalid value at path "players/x/settings": undefined cannot be written; use null to remove a value',
    );
    expect(() => validateValue({ a: undefined }, 'players/x/settings')).not.toThrow();
  });

  it('rejects functions, symbols and bigints, naming the full path', () => {
    expect(caught(() => validateValue({ a: { f: () => 1 } }, 'players/x')).message).toBe(
      'Invalid value at path "players/x/a/f": functions cannot be written',
    );
    expect(caught(() => validateValue(Symbol('s'), 'a')).message).toBe(
      'Invalid value at path "a": symbols cannot be written',
    );
    expect(caught(() => validateValue([1, 2n], 'a')).message).toBe(
      'Invalid value at path "a/1": bigints cannot be written (got 2n); use a number or a string',
    );
  });

  it.each([NaN, Infinity, -Infinity])('rejects the number %s', (number) => {
    const error = caught(() => validateValue({ n: number }, 'p'));
    expect(error.code).toBe('invalid_value');
    expect(error.message).toBe(`Invalid value at path "p/n": numbers must be finite (got ${number})`);
  });

  it('rejects objects that are not plain objects or arrays', () => {
    expect(caught(() => validateValue({ d: new Date(0) }, '')).message).toBe(
      'Invalid value at path "d": only plain objects and arrays can be written (got Date)',
    );
    expect(() => validateValue(new Map(), 'a')).toThrow(/got Map/);
    expect(() => validateValue(Object.create(null) as object, 'a')).not.toThrow();
  });

  it('rejects invalid keys inside objects with code invalid_value, naming key and path', () => {
    const error = caught(() => validateValue({ ok: { 'a.b': 1 } }, 'players/x'));
    expect(error.code).toBe('invalid_value');
    expect(error.path).toBe('players/x/ok/a.b');
    expect(error.message).toBe(
      'Invalid key "a.b" at path "players/x/ok/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"',
    );
    for (const key of ['', '#', '$x', 'a/b', '[', ']', 'a\u001fb', '\u007f', '.sv2']) {
      expect(caught(() => validateValue({ [key]: 1 }, 'a')).code).toBe('invalid_value');
    }
  });

  it('accepts {".sv":"timestamp"} as the only object with a key starting with "."', () => {
    expect(caught(() => validateValue({ '.sv': 'increment' }, 'a')).message).toBe(
      'Invalid value at path "a": the only server value is {".sv":"timestamp"}',
    );
    expect(() => validateValue({ '.sv': 'timestamp', x: 1 }, 'a')).toThrow(/the only server value/);
    expect(() => validateValue({ '.priority': 1 }, 'a')).toThrow(
      /Invalid key ".priority" at path "a\/.priority"/,
    );
    expect(() => validateValue({ '.value': 1 }, 'a')).toThrow(RealtimeValidationError);
  });

  it('rejects an invalid path with code invalid_path', () => {
    expect(caught(() => validateValue(1, 'players/a$b')).code).toBe('invalid_path');
    expect(caught(() => validateValue(1, ['players', 'a]'])).code).toBe('invalid_path');
    expect(caught(() => validateValue(true, '.info/connected')).code).toBe('invalid_path');
  });

  it(`accepts a string of exactly ${MAX_STRING_BYTES} UTF-8 bytes and rejects one byte more`, () => {
    expect(() => validateValue('a'.repeat(MAX_STRING_BYTES), 'a')).not.toThrow();
    expect(() => validateValue('é'.repeat(MAX_STRING_BYTES / 2), 'a')).not.toThrow();
    const over = caught(() => validateValue({ s: 'a'.repeat(MAX_STRING_BYTES + 1) }, 'players/x'));
    expect(over.code).toBe('too_large');
    expect(over.path).toBe('players/x/s');
    expect(over.message).toBe(
      `String at path "players/x/s" is larger than ${MAX_STRING_BYTES} bytes (UTF-8)`,
    );
    // Fewer UTF-16 units than the limit, yet one byte over it.
    expect(caught(() => validateValue('é'.repeat(MAX_STRING_BYTES / 2) + 'a', 'a')).code).toBe('too_large');
    expect(caught(() => validateValue('😀'.repeat(MAX_STRING_BYTES / 4) + 'a', 'a')).code).toBe('too_large');
  });

  it(`accepts values reaching ${REALTIME_MAX_DEPTH} levels from the root and rejects deeper ones`, () => {
    expect(() => validateValue(nested(REALTIME_MAX_DEPTH), '')).not.toThrow();
    expect(() => validateValue(nested(REALTIME_MAX_DEPTH - 2), 'a/b')).not.toThrow();
    const error = caught(() => validateValue(nested(REALTIME_MAX_DEPTH - 1), 'a/b'));
    expect(error.code).toBe('invalid_value');
    expect(error.message).toMatch(`is deeper than ${REALTIME_MAX_DEPTH} levels`);
    expect(() => validateValue([nested(REALTIME_MAX_DEPTH)], '')).toThrow(RealtimeValidationError);
  });

  it('rejects a cyclic object through the depth limit instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(caught(() => validateValue(cyclic, 'a')).code).toBe('invalid_value');
  });
});

describe('normalizeForWrite', () => {
  it('turns undefined members into null, which drops them', () => {
    expect(normalizeForWrite({ a: undefined, b: 1 })).toEqual({ b: 1 });
    expect(normalizeForWrite({ a: undefined })).toBeNull();
    expect(normalizeForWrite({ a: { b: undefined, c: null } })).toBeNull();
    expect(Object.keys(normalizeForWrite({ a: undefined, b: null, c: 2 }) as object)).toEqual(['c']);
  });

  it('stores arrays as objects keyed by index, leaving gaps for null elements', () => {
    expect(normalizeForWrite(['a', 'b'])).toEqual({ 0: 'a', 1: 'b' });
    expect(normalizeForWrite(['a', null, undefined, 'd'])).toEqual({ 0: 'a', 3: 'd' });
    expect(normalizeForWrite([])).toBeNull();
    expect(normalizeForWrite({ items: [] })).toBeNull();
  });

  it('keeps primitives, -0 as 0, and server timestamps', () => {
    expect(normalizeForWrite('x')).toBe('x');
    expect(normalizeForWrite(false)).toBe(false);
    expect(Object.is(normalizeForWrite(-0), 0)).toBe(true);
    expect(normalizeForWrite(null)).toBeNull();
    expect(normalizeForWrite({ t: { '.sv': 'timestamp' } })).toEqual({ t: { '.sv': 'timestamp' } });
  });

  it('returns a fresh value that does not share objects with the input', () => {
    const input = { a: { b: 1 } };
    const output = normalizeForWrite(input) as { a: object };
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
    expect(output.a).not.toBe(input.a);
  });

  it('throws the same errors as validateValue', () => {
    expect(() => normalizeForWrite(undefined, 'a')).toThrow(/undefined cannot be written/);
    expect(() => normalizeForWrite({ x: NaN }, 'a')).toThrow(/numbers must be finite/);
  });

  it('property: the result is a fixed point, survives JSON and holds no null or empty object', () => {
    fc.assert(
      fc.property(jsonishArb, (value) => {
        fc.pre(value !== undefined);
        const stored = normalizeForWrite(value);
        expect(normalizeForWrite(stored)).toEqual(stored);
        expect(JSON.parse(JSON.stringify(stored)) as RealtimeValue).toEqual(stored);
        const visit = (node: RealtimeValue): void => {
          if (typeof node !== 'object' || node === null) return;
          expect(Array.isArray(node)).toBe(false);
          expect(Object.keys(node).length).toBeGreaterThan(0);
          for (const child of Object.values(node)) {
            expect(child).not.toBeNull();
            visit(child);
          }
        };
        visit(stored);
      }),
    );
  });
});

describe('restoreArrays', () => {
  it('reads index-keyed objects back as arrays, as Firebase does', () => {
    expect(restoreArrays(normalizeForWrite({ items: ['a', 'b', 'c'] }))).toEqual({ items: ['a', 'b', 'c'] });
    expect(restoreArrays({ 0: 'a', 2: 'c' })).toEqual(['a', null, 'c']);
    expect(restoreArrays({ 1: 'a' })).toEqual([null, 'a']);
    expect(restoreArrays({ 0: { 0: 1 } })).toEqual([[1]]);
  });

  it('keeps sparse, non-index and mixed objects as objects', () => {
    expect(restoreArrays({ 0: 'a', 5: 'b' })).toEqual({ 0: 'a', 5: 'b' }); // highest index not below 2 × count
    expect(restoreArrays({ 2: 'a' })).toEqual({ 2: 'a' });
    expect(restoreArrays({ '01': 'a' })).toEqual({ '01': 'a' });
    expect(restoreArrays({ 0: 'a', x: 'b' })).toEqual({ 0: 'a', x: 'b' });
    expect(restoreArrays('s')).toBe('s');
    expect(restoreArrays(null)).toBeNull();
  });

  it('property: a dense array of non-null values survives the round trip', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { minLength: 1 }), (array) => {
        expect(restoreArrays(normalizeForWrite(array))).toEqual(array);
      }),
    );
  });
});

describe('server timestamps', () => {
  it('recognises only the exact timestamp object', () => {
    expect(isServerTimestamp({ '.sv': 'timestamp' })).toBe(true);
    expect(isServerTimestamp({ '.sv': 'timestamp', a: 1 })).toBe(false);
    expect(isServerTimestamp({ '.sv': 'other' })).toBe(false);
    expect(isServerTimestamp('timestamp')).toBe(false);
    expect(isServerTimestamp(null)).toBe(false);
  });

  it('resolves every server timestamp and shares the untouched parts', () => {
    const untouched = { x: 1 };
    const value = normalizeForWrite({
      connected: true,
      connected_at: SERVER_TIMESTAMP,
      nested: { at: SERVER_TIMESTAMP },
    }) as Record<string, RealtimeValue>;
    const withShared = { ...value, untouched };
    expect(resolveServerValues(withShared, 1234)).toEqual({
      connected: true,
      connected_at: 1234,
      nested: { at: 1234 },
      untouched: { x: 1 },
    });
    expect((resolveServerValues(withShared, 1) as Record<string, unknown>).untouched).toBe(untouched);
    expect(resolveServerValues(untouched, 1)).toBe(untouched);
    expect(resolveServerValues(SERVER_TIMESTAMP, 7)).toBe(7);
  });
});

describe('shareValue', () => {
  const timeline = () => ({
    zone: 'Europe/London',
    segments: [
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ],
    none: null,
  });

  it('gives every write of a shared value the same frozen stored form, as a fresh value would be stored', () => {
    const shared = shareValue(timeline());
    const first = normalizeForWrite({ version: 1, timeline: shared }, 'players/a/app/data') as RealtimeObject;
    const second = normalizeForWrite(
      { version: 2, timeline: shared },
      'players/b/app/data',
    ) as RealtimeObject;
    expect(first.timeline).toBe(second.timeline);
    expect(first.timeline).toEqual(normalizeForWrite(timeline()));
    expect(Object.isFrozen(first.timeline)).toBe(true);
    expect(isSharedForm(first.timeline as object)).toBe(true);
    // The unshared parts are the writer's own.
    expect(first).not.toBe(second);
    expect(isSharedForm(first)).toBe(false);
  });

  it('reads a shared form back once, frozen, like any other value', () => {
    const stored = normalizeForWrite(shareValue(timeline()), 'players/a/app/data');
    const read = restoreArrays(stored);
    expect(read).toEqual(restoreArrays(normalizeForWrite(timeline())));
    expect(restoreArrays(stored)).toBe(read);
    expect(Object.isFrozen(read)).toBe(true);
  });

  it('freezes the value itself, and still refuses it deeper than the depth limit', () => {
    const shared = shareValue(timeline());
    expect(Object.isFrozen(shared.segments[0])).toBe(true);
    let deep: Record<string, unknown> = { leaf: shared };
    for (let depth = 0; depth < REALTIME_MAX_DEPTH; depth++) deep = { next: deep };
    expect(() => normalizeForWrite(deep)).toThrow(RealtimeValidationError);
  });

  it('leaves values that were never shared unfrozen and unshared', () => {
    const value = timeline();
    const stored = normalizeForWrite(value) as RealtimeObject;
    expect(Object.isFrozen(value)).toBe(false);
    expect(Object.isFrozen(stored)).toBe(false);
    expect(isSharedForm(stored)).toBe(false);
  });
});
