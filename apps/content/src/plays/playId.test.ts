import { describe, expect, it } from 'vitest';
import { PLAY_ID_PATTERN } from '@marquee/protocol';
import { newPlayId } from './playId';

describe('newPlayId', () => {
  it('makes ids the server accepts, different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newPlayId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(PLAY_ID_PATTERN);
  });

  it('uses all 128 random bits', () => {
    expect(newPlayId((b) => b.fill(0))).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(newPlayId((b) => b.fill(255))).toBe('_____________________w');
  });
});
