// Row ids sort by creation (docs/schedules.md §Time rules: schedules tied on priority play in creation order), even
// when several are made in the same millisecond, and stay valid realtime keys and URL segments.

import { describe, expect, it } from 'vitest';
import { PlaylistIdSchema } from '@marquee/management-api';
import { isValidKey } from '@marquee/protocol';
import { newId } from './ids';

describe('newId', () => {
  it('sorts ids made in the same millisecond in the order they were made', () => {
    const made = Array.from({ length: 1000 }, () => newId(1_750_000_000_000));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('sorts by time across milliseconds, whatever the random part', () => {
    const made = [newId(1_750_000_000_001), newId(1_750_000_000_000), newId(1_750_000_000_002)];
    expect([...made].sort()).toEqual([made[1], made[0], made[2]]);
  });

  it('draws a new random part at each millisecond, across many draws of random bytes', () => {
    const made = Array.from({ length: 2000 }, (_, index) => newId(1_760_000_000_000 + index));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made.map((id) => id.slice(-16))).size).toBe(made.length);
  });

  it('is an id the API takes in its paths and a realtime key, also when one millisecond makes many', () => {
    const made = [
      ...Array.from({ length: 100 }, () => newId()),
      ...Array.from({ length: 100 }, () => newId(5)),
    ];
    for (const id of made) {
      expect(PlaylistIdSchema.safeParse(id).success, id).toBe(true);
      expect(isValidKey(id), id).toBe(true);
    }
  });
});
