import { hasOwn } from './hasOwn';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STRING_BYTES, REALTIME_MAX_DEPTH } from './constants';
import { RealtimeValidationError, isPathPrefix, parsePath } from './realtimePath';
import { applyUpdate, flattenUpdate, getAtPath, setAtPath } from './realtimeTree';
import type { RealtimeValue } from './realtimeValue';
import { SERVER_TIMESTAMP, normalizeForWrite } from './realtimeValue';

function caught(fn: () => unknown): RealtimeValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RealtimeValidationError) return error;
    throw error;
  }
  throw new Error('expected a RealtimeValidationError');
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

// A few short keys, so generated paths and trees collide often.
const keyArb = fc.constantFrom('a', 'b', 'c', '0', '1', 'constructor');
const pathArb = fc.array(keyArb, { maxLength: 4 });
const storedArb: fc.Arbitrary<RealtimeValue> = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.string({ maxLength: 4 }),
      fc.dictionary(keyArb, tie('value'), { maxKeys: 3 }),
    ),
  }))
  .value.map((value) => normalizeForWrite(value));

const tree = deepFreeze({
  players: {
    x: {
      settings: { name: 'Lobby', orientation: 'portrait' },
      connection: { connected: true, id: 'c1' },
    },
  },
}) as RealtimeValue;

describe('getAtPath', () => {
  it('returns the node at a path, the root for [] and null when absent', () => {
    expect(getAtPath(tree, ['players', 'x', 'settings', 'name'])).toBe('Lobby');
    expect(getAtPath(tree, [])).toBe(tree);
    expect(getAtPath(tree, ['players', 'y'])).toBeNull();
    expect(getAtPath(tree, ['players', 'x', 'settings', 'name', 'deeper'])).toBeNull();
    expect(getAtPath(null, ['a'])).toBeNull();
  });

  it('never reads inherited members', () => {
    expect(getAtPath({ a: 1 }, ['constructor'])).toBeNull();
    expect(getAtPath({ a: 1 }, ['toString'])).toBeNull();
    expect(getAtPath({ a: 1 }, ['__proto__'])).toBeNull();
  });
});

describe('setAtPath', () => {
  it('sets a value immutably, sharing the untouched parts', () => {
    const next = setAtPath(tree, ['players', 'x', 'settings', 'name'], 'Hall');
    expect(getAtPath(next, ['players', 'x', 'settings', 'name'])).toBe('Hall');
    expect(getAtPath(tree, ['players', 'x', 'settings', 'name'])).toBe('Lobby');
    expect(getAtPath(next, ['players', 'x', 'connection'])).toBe(
      getAtPath(tree, ['players', 'x', 'connection']),
    );
  });

  it('removes a node for null or an empty object, and prunes ancestors left empty', () => {
    const one = { a: { b: { c: 1 } }, d: 2 };
    expect(setAtPath(one, ['a', 'b', 'c'], null)).toEqual({ d: 2 });
    expect(setAtPath(one, ['a', 'b'], {})).toEqual({ d: 2 });
    expect(setAtPath({ a: { b: 1 } }, ['a', 'b'], null)).toBeNull();
    expect(setAtPath(one, [], null)).toBeNull();
  });

  it('returns the same tree when nothing changes', () => {
    expect(setAtPath(tree, ['players', 'nobody'], null)).toBe(tree);
    expect(setAtPath(tree, ['players', 'x', 'settings', 'name'], 'Lobby')).toBe(tree);
  });

  it('replaces a leaf by an object when writing below it, and leaves it when removing below it', () => {
    expect(setAtPath({ a: 5 }, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
    expect(setAtPath({ a: 5 }, ['a', 'b'], null)).toEqual({ a: 5 });
    expect(setAtPath('leaf', ['a'], 1)).toEqual({ a: 1 });
    expect(setAtPath(null, ['a', 'b'], SERVER_TIMESTAMP)).toEqual({
      a: { b: { '.sv': 'timestamp' } },
    });
  });

  it('keeps a key named like an Object.prototype member as an own member', () => {
    const next = setAtPath({}, ['constructor'], 1) as Record<string, unknown>;
    expect(hasOwn(next, 'constructor')).toBe(true);
    const proto = setAtPath({}, ['__proto__'], { polluted: true }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('property: getAtPath returns what setAtPath wrote', () => {
    fc.assert(
      fc.property(storedArb, pathArb, storedArb, (start, path, value) => {
        expect(getAtPath(setAtPath(start, path, value), path)).toEqual(value);
      }),
    );
  });

  it('property: the input is never modified and paths off the written one keep their values', () => {
    fc.assert(
      fc.property(storedArb, pathArb, storedArb, pathArb, (start, path, value, other) => {
        const frozen = deepFreeze(start);
        const snapshot = JSON.stringify(frozen);
        const next = setAtPath(frozen, path, value);
        expect(JSON.stringify(frozen)).toBe(snapshot);
        if (!isPathPrefix(path, other) && !isPathPrefix(other, path)) {
          expect(getAtPath(next, other)).toEqual(getAtPath(frozen, other));
        }
      }),
    );
  });

  it('property: the result stays in stored form (no null members, no empty objects)', () => {
    fc.assert(
      fc.property(storedArb, pathArb, storedArb, (start, path, value) => {
        const next = setAtPath(start, path, value);
        expect(normalizeForWrite(next)).toEqual(next);
      }),
    );
  });
});

describe('flattenUpdate', () => {
  it('joins each key, which may itself be a path, to the base path', () => {
    expect(
      flattenUpdate('/players/x/', {
        'settings/name': 'Hall',
        connection: { connected: false, id: undefined, disconnected_at: SERVER_TIMESTAMP },
        'logging//logLevel': 3,
      }),
    ).toEqual({
      'players/x/settings/name': 'Hall',
      'players/x/connection': { connected: false, disconnected_at: { '.sv': 'timestamp' } },
      'players/x/logging/logLevel': 3,
    });
  });

  it('flattens one level only: a nested object replaces its node whole', () => {
    expect(flattenUpdate('', { a: { b: { c: 1 } } })).toEqual({ a: { b: { c: 1 } } });
  });

  it('turns undefined values into null (remove), and normalises values', () => {
    expect(flattenUpdate('p', { a: undefined, b: null, c: [1, 2], d: {} })).toEqual({
      'p/a': null,
      'p/b': null,
      'p/c': { 0: 1, 1: 2 },
      'p/d': null,
    });
    expect(flattenUpdate('p', {})).toEqual({});
  });

  it('rejects overlapping paths, whichever comes first', () => {
    const error = caught(() => flattenUpdate('players/x', { a: 1, 'a/b': 2 }));
    expect(error.code).toBe('invalid_path');
    expect(error.message).toBe(
      'Invalid update at path "players/x": keys "a" and "a/b" overlap: ' +
        'an update cannot write a node together with its descendant or twice',
    );
    expect(caught(() => flattenUpdate('players/x', { 'a/b/c': 2, a: 1 })).message).toMatch(
      /keys "a" and "a\/b\/c" overlap/,
    );
    expect(caught(() => flattenUpdate('p', { 'a/b': 1, '/a//b/': 2 })).message).toMatch(
      /keys "a\/b" and "\/a\/\/b\/" overlap/,
    );
    expect(flattenUpdate('p', { a: 1, ab: 2, 'a!': 3, 'b/a': 4 })).toEqual({
      'p/a': 1,
      'p/ab': 2,
      'p/a!': 3,
      'p/b/a': 4,
    });
  });

  it('rejects invalid keys, values and update objects with typed errors naming the path', () => {
    expect(caught(() => flattenUpdate('players/x', { 'a.b': 1 })).message).toBe(
      'Invalid key "a.b" at path "players/x/a.b": keys cannot contain ".", "#", "$", "/", "[" or "]"',
    );
    expect(caught(() => flattenUpdate('players/x', { 'a/b]/c': 1 })).path).toBe('players/x/a/b]');
    expect(caught(() => flattenUpdate('players/x', { a: { 'b#': 1 } })).path).toBe('players/x/a/b#');
    const tooDeep = Array(REALTIME_MAX_DEPTH - 1)
      .fill('k')
      .join('/'); // 2 + 31 levels
    expect(caught(() => flattenUpdate('a/b', { [tooDeep]: 1 })).message).toMatch(
      `is deeper than ${REALTIME_MAX_DEPTH} levels`,
    );
    expect(() => flattenUpdate('a', { [tooDeep]: 1 })).not.toThrow();
    expect(caught(() => flattenUpdate('players/x', { a: NaN })).message).toBe(
      'Invalid value at path "players/x/a": numbers must be finite (got NaN)',
    );
    expect(caught(() => flattenUpdate('players/x', { '/': 1 })).message).toBe(
      'Invalid update key "/" at path "players/x": update keys must name a child path',
    );
    expect(caught(() => flattenUpdate('players/x', [1] as object)).code).toBe('invalid_value');
    expect(caught(() => flattenUpdate('players/x', null as unknown as object)).message).toBe(
      'Invalid update at path "players/x": an update must be an object of child paths to values',
    );
    expect(caught(() => flattenUpdate('players/$x', { a: 1 })).code).toBe('invalid_path');
    expect(caught(() => flattenUpdate('a', { s: 'a'.repeat(MAX_STRING_BYTES + 1) })).code).toBe('too_large');
  });
});

describe('applyUpdate', () => {
  it('applies every path of a flat update', () => {
    const next = applyUpdate(
      tree,
      flattenUpdate('players/x', { 'settings/name': 'Hall', connection: null, 'logging/logLevel': 4 }),
    );
    expect(next).toEqual({
      players: { x: { settings: { name: 'Hall', orientation: 'portrait' }, logging: { logLevel: 4 } } },
    });
  });

  it('property: equals setting each path in turn, in any order', () => {
    const updateArb = fc.dictionary(
      pathArb.filter((path) => path.length > 0).map((path) => path.join('/')),
      storedArb,
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(storedArb, updateArb, (start, raw) => {
        let flat: Record<string, RealtimeValue>;
        try {
          flat = flattenUpdate('', raw);
        } catch (error) {
          // Only overlapping keys may be refused; the generated values are all valid.
          expect((error as RealtimeValidationError).message).toMatch(/overlap/);
          return;
        }
        const entries = Object.entries(flat);
        const forward = entries.reduce<RealtimeValue>(
          (acc, [p, v]) => setAtPath(acc, parsePath(p), v),
          start,
        );
        const backward = [...entries]
          .reverse()
          .reduce<RealtimeValue>((acc, [p, v]) => setAtPath(acc, parsePath(p), v), start);
        const applied = applyUpdate(start, flat);
        expect(applied).toEqual(forward);
        expect(applied).toEqual(backward);
        for (const [p, v] of entries) expect(getAtPath(applied, parsePath(p))).toEqual(v);
      }),
    );
  });
});
