import { describe, expect, it } from 'vitest';
import { DataSnapshot } from './snapshot';

describe('DataSnapshot', () => {
  it('reads arrays back as arrays, absent as null, and hands out a fresh copy every time', () => {
    const snapshot = new DataSnapshot('app', { items: { '0': 'a', '1': 'b' }, version: 2 });
    expect(snapshot.key).toBe('app');
    expect(snapshot.exists()).toBe(true);
    const value = snapshot.val() as { items: string[] };
    expect(value).toEqual({ items: ['a', 'b'], version: 2 });
    value.items.push('mutated');
    expect(snapshot.val()).toEqual({ items: ['a', 'b'], version: 2 });
    const absent = new DataSnapshot(null, null);
    expect(absent.exists()).toBe(false);
    expect(absent.val()).toBeNull();
    expect(new DataSnapshot('connected', false).exists()).toBe(true);
  });
});
