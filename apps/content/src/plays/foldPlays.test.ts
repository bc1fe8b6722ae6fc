import { describe, expect, it } from 'vitest';
import { foldPlays } from './foldPlays';
import { playAt, testId } from './playTestKit';

const at = (iso: string) => Date.parse(iso);

describe('foldPlays', () => {
  it('counts plays per item and local hour, with their total time', () => {
    const folds = foldPlays(
      [
        playAt(at('2026-07-01T09:00:00Z')),
        playAt(at('2026-07-01T09:59:50Z'), { durationMs: 4000 }),
        playAt(at('2026-07-01T09:10:00Z'), { src: 'http://screen/media/b.png', name: 'b.png' }),
        playAt(at('2026-07-01T10:00:00Z')),
      ],
      () => testId('fold'),
    );
    expect(
      folds.map(({ localHour, src, count, durationMs }) => ({ localHour, src, count, durationMs })),
    ).toEqual([
      {
        localHour: '2026-07-01T10:00:00+01:00',
        src: 'http://screen/media/a.png',
        count: 2,
        durationMs: 14_000,
      },
      {
        localHour: '2026-07-01T10:00:00+01:00',
        src: 'http://screen/media/b.png',
        count: 1,
        durationMs: 10_000,
      },
      {
        localHour: '2026-07-01T11:00:00+01:00',
        src: 'http://screen/media/a.png',
        count: 1,
        durationMs: 10_000,
      },
    ]);
    expect(new Set(folds.map((fold) => fold.foldId)).size).toBe(3);
  });

  it('keeps the two 01:00 hours of the autumn change in Europe/London apart', () => {
    const plays = [];
    // 00:00Z to 02:00Z on 25 October 2026: 01:00 BST, then 01:00 GMT again.
    for (let t = at('2026-10-25T00:00:00Z'); t < at('2026-10-25T02:00:00Z'); t += 600_000)
      plays.push(playAt(t));
    const folds = foldPlays(plays, () => testId('fold'));
    expect(folds.map(({ localHour, hourStart, count }) => ({ localHour, hourStart, count }))).toEqual([
      { localHour: '2026-10-25T01:00:00+01:00', hourStart: at('2026-10-25T00:00:00Z'), count: 6 },
      { localHour: '2026-10-25T01:00:00+00:00', hourStart: at('2026-10-25T01:00:00Z'), count: 6 },
    ]);
  });

  it('folds each zone in its own hours (a screen moved to another zone)', () => {
    const folds = foldPlays(
      [
        playAt(at('2026-03-08T06:30:00Z'), { timezone: 'America/New_York' }),
        playAt(at('2026-03-08T07:30:00Z'), { timezone: 'America/New_York' }),
        playAt(at('2026-03-08T07:30:00Z'), { timezone: 'America/Phoenix' }),
      ],
      () => testId('fold'),
    );
    expect(folds.map((fold) => fold.localHour)).toEqual([
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '2026-03-08T00:00:00-07:00',
    ]);
  });
});
