import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PlayBuffer } from './playBuffer';
import { playAt, testId } from './playTestKit';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

async function filled(buffer: PlayBuffer, from: number, count: number, stepMs: number) {
  const plays = [];
  for (let i = 0; i < count; i++) {
    const play = playAt(from + i * stepMs);
    plays.push(play);
    await buffer.add(play);
  }
  return plays;
}

const open = (factory: IDBFactory, cap?: number) =>
  PlayBuffer.open({ factory, newId: () => testId('fold'), ...(cap === undefined ? {} : { cap }) });

describe('PlayBuffer', () => {
  it('keeps plays until uploaded, oldest first, across a restart of the page', async () => {
    const factory = new IDBFactory();
    const buffer = await open(factory);
    const plays = await filled(buffer, at('2026-07-01T09:00:00Z'), 5, MINUTE);
    const first = await buffer.pending(3, 10);
    expect(first.plays.map((play) => play.playId)).toEqual(plays.slice(0, 3).map((play) => play.playId));
    await buffer.markUploaded(
      first.plays.map((play) => play.playId),
      [],
    );
    expect(buffer.size).toEqual({ plays: 5, pendingPlays: 2, pendingFolds: 0 });
    buffer.close();

    const again = await open(factory);
    expect(again.size).toEqual({ plays: 5, pendingPlays: 2, pendingFolds: 0 });
    expect((await again.pending(10, 10)).plays).toEqual(plays.slice(3));
  });

  it('keeps the play on screen until it is finished, for the next start to close', async () => {
    const factory = new IDBFactory();
    const buffer = await open(factory);
    const play = playAt(at('2026-07-01T09:00:00Z'));
    await buffer.setOpen(play);
    buffer.close();
    const again = await open(factory);
    expect(await again.takeOpen()).toEqual(play);
    expect(await again.takeOpen()).toBeNull();
    await again.setOpen(play);
    await again.add({ ...play, outcome: 'interrupted' });
    expect(await again.takeOpen()).toBeNull();
  });

  it('when full, drops uploaded plays first, the oldest of them', async () => {
    const buffer = await open(new IDBFactory(), 100);
    const plays = await filled(buffer, at('2026-07-01T09:00:00Z'), 60, MINUTE);
    await buffer.markUploaded(
      plays.slice(0, 50).map((play) => play.playId),
      [],
    );
    const later = await filled(buffer, at('2026-07-01T11:00:00Z'), 41, MINUTE);
    // 101 plays: room down to 90 by dropping the 11 oldest uploaded ones; nothing unsent is touched.
    expect(buffer.size).toEqual({ plays: 90, pendingPlays: 51, pendingFolds: 0 });
    const pending = await buffer.pending(1000, 1000);
    expect(pending.plays.map((play) => play.playId)).toEqual(
      [...plays.slice(50), ...later].map((play) => play.playId),
    );
    expect(pending.folded).toEqual([]);
  });

  it('offline for days, folds the oldest unsent plays into hourly counts instead of losing them', async () => {
    // Ten-minute items from Friday to Monday across the autumn change in Europe/London (576 plays) in a buffer
    // sized, for the test, for 100.
    const from = at('2026-10-23T00:00:00Z');
    const small = await open(new IDBFactory(), 100);
    const plays = await filled(small, from, 4 * 144, 10 * MINUTE);
    const { plays: kept, folded } = await small.pending(1000, 1000);
    expect(small.size.plays).toBe(kept.length);
    expect(kept.length).toBeLessThanOrEqual(100);
    // Every play is still there: one by one (the newest) or in a count (the oldest).
    expect(kept.length + folded.reduce((sum, fold) => sum + fold.count, 0)).toBe(plays.length);
    expect(kept.map((play) => play.playId)).toEqual(plays.slice(-kept.length).map((play) => play.playId));
    // An hour folded in two passes is two counts for the same hour; the server adds them up.
    const perHour = new Map<string, number>();
    for (const fold of folded) perHour.set(fold.localHour, (perHour.get(fold.localHour) ?? 0) + fold.count);
    expect([...perHour].filter(([hour]) => hour.startsWith('2026-10-25T01:'))).toEqual([
      ['2026-10-25T01:00:00+01:00', 6],
      ['2026-10-25T01:00:00+00:00', 6],
    ]);
    expect(small.size.pendingFolds).toBe(folded.length);
    await small.markUploaded(
      [],
      folded.map((fold) => fold.foldId),
    );
    expect((await small.pending(1000, 1000)).folded).toEqual([]);
    expect(small.size.pendingFolds).toBe(0);
  });

  it('drops a batch the server refused as a whole', async () => {
    const buffer = await open(new IDBFactory());
    const plays = await filled(buffer, at('2026-07-01T09:00:00Z'), 3, MINUTE);
    await buffer.drop([plays[0]!.playId, plays[1]!.playId], []);
    expect(buffer.size).toEqual({ plays: 1, pendingPlays: 1, pendingFolds: 0 });
    expect((await buffer.pending(10, 10)).plays).toEqual([plays[2]]);
  });
});
