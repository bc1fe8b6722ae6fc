import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PLAY_ID_PATTERN } from '@marquee/protocol';
import { PlayBuffer } from './playBuffer';
import { PlayRecorder, type PlayContext } from './playRecorder';
import { testId } from './playTestKit';

const at = (iso: string) => Date.parse(iso);

const context = (fields: Partial<PlayContext> = {}): PlayContext => ({
  src: 'http://screen/media/a.png',
  name: 'a.png',
  playlistId: 'playlist-1',
  scheduleId: 'schedule-1',
  overrideId: null,
  itemId: null,
  plannedMs: 10_000,
  timezone: 'Europe/London',
  ...fields,
});

/** A recorder over a real buffer, with a wall clock and a monotonic clock the test sets. */
function recorderOn(factory: IDBFactory, wallStart: number) {
  const time = { wall: wallStart, mono: 1000 };
  const errors: unknown[] = [];
  const buffer = PlayBuffer.open({ factory, newId: () => testId('fold') });
  const recorder = new PlayRecorder({
    buffer,
    wall: () => time.wall,
    monotonic: () => time.mono,
    newId: () => testId('play'),
    onError: (error) => errors.push(error),
  });
  const pass = (ms: number) => {
    time.wall += ms;
    time.mono += ms;
  };
  const plays = async () => {
    await recorder.settled();
    return (await (await buffer).pending(100, 100)).plays;
  };
  return { recorder, time, pass, plays, buffer, errors };
}

describe('PlayRecorder', () => {
  it('records each item shown with its local start and offset, complete when it showed its planned time', async () => {
    const { recorder, pass, plays, errors } = recorderOn(new IDBFactory(), at('2026-10-25T00:59:55Z'));
    recorder.begin(context());
    pass(10_000);
    recorder.begin(context({ src: 'http://screen/media/b.png', name: 'b.png', plannedMs: 8000 }));
    pass(3000);
    recorder.finish();
    const [first, second] = await plays();
    expect(first).toEqual({
      playId: expect.stringMatching(PLAY_ID_PATTERN),
      playlistId: 'playlist-1',
      scheduleId: 'schedule-1',
      overrideId: null,
      itemId: null,
      src: 'http://screen/media/a.png',
      name: 'a.png',
      startedAt: at('2026-10-25T00:59:55Z'),
      localStart: '2026-10-25T01:59:55+01:00',
      timezone: 'Europe/London',
      durationMs: 10_000,
      plannedMs: 10_000,
      outcome: 'completed',
      error: null,
    });
    // Started after the clocks went back: the same wall clock hour, the other offset.
    expect(second).toMatchObject({
      localStart: '2026-10-25T01:00:05+00:00',
      durationMs: 3000,
      outcome: 'interrupted',
    });
    expect(errors).toEqual([]);
  });

  it('measures the time shown on the monotonic clock when the wall clock is set meanwhile', async () => {
    const { recorder, time, pass, plays } = recorderOn(new IDBFactory(), at('2026-07-01T09:00:00Z'));
    recorder.begin(context());
    time.wall -= 3_600_000;
    pass(9800);
    recorder.finish();
    expect(await plays()).toMatchObject([{ durationMs: 9800, outcome: 'completed' }]);
  });

  it('records an item that could not show as an error, on screen or while preloading', async () => {
    const { recorder, pass, plays } = recorderOn(new IDBFactory(), at('2026-07-01T09:00:00Z'));
    recorder.begin(context({ src: 'http://screen/media/broken.mp4' }));
    pass(700);
    recorder.failOpen('the video http://screen/media/broken.mp4 did not load');
    recorder.finish();
    recorder.failed(context({ src: 'http://screen/media/missing.png' }), 'the image did not load');
    expect(await plays()).toMatchObject([
      {
        src: 'http://screen/media/broken.mp4',
        durationMs: 700,
        outcome: 'error',
        error: 'the video http://screen/media/broken.mp4 did not load',
      },
      {
        src: 'http://screen/media/missing.png',
        durationMs: 0,
        outcome: 'error',
        error: 'the image did not load',
      },
    ]);
  });

  it('closes the play a dead page left open as interrupted at the next start, before anything else', async () => {
    const factory = new IDBFactory();
    const start = at('2026-07-01T09:00:00Z');
    const dead = recorderOn(factory, start);
    dead.recorder.begin(context({ plannedMs: 30_000 }));
    await dead.recorder.settled();
    (await dead.buffer).close();

    // The next page starts 12 s later: at most 12 s showed, and nothing says it was shown in full.
    const next = recorderOn(factory, start + 12_000);
    next.recorder.begin(context({ src: 'http://screen/media/b.png' }));
    const [recovered, current] = [...(await next.plays())];
    expect(recovered).toMatchObject({ startedAt: start, durationMs: 12_000, outcome: 'interrupted' });
    expect(current).toBeUndefined();
    expect(await (await next.buffer).takeOpen()).toMatchObject({ src: 'http://screen/media/b.png' });
  });

  it('never counts more than the planned time for a play recovered hours later', async () => {
    const factory = new IDBFactory();
    const start = at('2026-03-08T06:59:00Z');
    const dead = recorderOn(factory, start);
    dead.recorder.begin(context({ timezone: 'America/New_York' }));
    await dead.recorder.settled();
    (await dead.buffer).close();
    const next = recorderOn(factory, start + 5 * 3_600_000);
    await next.recorder.settled();
    expect(await next.plays()).toMatchObject([
      { localStart: '2026-03-08T01:59:00-05:00', durationMs: 10_000, outcome: 'interrupted' },
    ]);
  });
});
