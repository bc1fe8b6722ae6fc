// The hash a conditional set compares (docs/protocols/realtime.md §Transactions): sha256, in hex, of the value's
// JSON with object keys sorted, so a value hashes alike whatever the order its keys were written in.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { valueHash } from './valueHash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('valueHash', () => {
  it('is the sha256 of the JSON with sorted keys, at every depth', () => {
    const value = { b: { d: 'x', c: 2, 'a"q': 'n' }, a: true };
    expect(valueHash(value)).toBe(sha256('{"a":true,"b":{"a\\"q":"n","c":2,"d":"x"}}'));
    expect(valueHash({ a: true, b: { 'a"q': 'n', c: 2, d: 'x' } })).toBe(valueHash(value));
  });

  it('hashes plain values and an empty object as their JSON', () => {
    expect(valueHash('Lobby')).toBe(sha256('"Lobby"'));
    expect(valueHash(7)).toBe(sha256('7'));
    expect(valueHash(null)).toBe(sha256('null'));
    expect(valueHash({})).toBe(sha256('{}'));
  });

  it('tells different values apart', () => {
    expect(valueHash({ a: 1 })).not.toBe(valueHash({ a: '1' }));
    expect(valueHash({ a: { b: 1 } })).not.toBe(valueHash({ 'a/b': 1 }));
  });
});
