// Plays recorded by a real content player (ContentPlayer with a recorder) as its playlist runs on fake time. The
// buffer here is a list in memory: the IndexedDB one is tested in playBuffer.test.ts.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import type { PlayRecord } from '@marquee/protocol';
import type { ContentCommands } from '../platform/playerLink';
import { contentConfigOf } from '../platform/runtimeConfig';
import { idleCommands } from '../platform/usePlayerLink';
import { ContentPlayer } from '../player/ContentPlayer';
import { PAGE_LOAD_TIMEOUT_MS } from '../player/ItemView';
import { fakeBridge } from '../testBridge';
import { PlayRecorder } from './playRecorder';
import { quietApi, testId } from './playTestKit';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-07-01T09:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const image = (name: string, durationMs: number) => ({
  type: 'image',
  src: `http://screen/media/${name}`,
  durationMs,
});

function playWithRecorder(appData: unknown) {
  const plays: PlayRecord[] = [];
  const buffer = {
    add: (record: PlayRecord) => {
      plays.push(record);
      return Promise.resolve();
    },
    setOpen: () => Promise.resolve(),
    takeOpen: () => Promise.resolve(null),
  };
  const recorder = new PlayRecorder({
    buffer: Promise.resolve(buffer),
    wall: () => Date.now(),
    monotonic: () => Date.now(),
    newId: () => testId('play'),
    onError: (error) => {
      throw error;
    },
  });
  const { bridge, fire } = fakeBridge({ getAppData: () => appData, getAuthData: () => null });
  const commands = { current: idleCommands as ContentCommands };
  render(
    <ContentPlayer
      bridge={bridge}
      api={quietApi}
      config={contentConfigOf(undefined, 'http://screen')}
      commands={commands}
      plays={recorder}
    />,
  );
  const recorded = async () => {
    await recorder.settled();
    return plays.map(({ src, durationMs, plannedMs, outcome, error }) => ({
      src,
      durationMs,
      plannedMs,
      outcome,
      error,
    }));
  };
  return { recorded, fire };
}

const flush = () => act(() => Promise.resolve());
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const currentImage = () => document.querySelector('.layer.is-current img') as Element;

describe('recording plays in the content player', () => {
  it('records one play per item shown, completed at its planned time', async () => {
    const { recorded } = playWithRecorder({ version: 1, items: [image('a', 5000), image('b', 2000)] });
    await flush();
    await flush();
    await advance(5000);
    await advance(2000);
    expect(await recorded()).toEqual([
      { src: 'http://screen/media/a', durationMs: 5000, plannedMs: 5000, outcome: 'completed', error: null },
      { src: 'http://screen/media/b', durationMs: 2000, plannedMs: 2000, outcome: 'completed', error: null },
    ]);
  });

  it('records an item that could not show as an error and moves on to the next', async () => {
    const { recorded } = playWithRecorder({ version: 1, items: [image('a', 5000), image('broken', 5000)] });
    await flush();
    await flush();
    await advance(5000);
    fireEvent.error(currentImage());
    expect(currentImage().getAttribute('src')).toBe('http://screen/media/a');
    await advance(1000);
    expect(await recorded()).toEqual([
      { src: 'http://screen/media/a', durationMs: 5000, plannedMs: 5000, outcome: 'completed', error: null },
      {
        src: 'http://screen/media/broken',
        durationMs: 0,
        plannedMs: 5000,
        outcome: 'error',
        error: 'the image http://screen/media/broken did not load',
      },
    ]);
  });

  it('records a web page that never loads as an error and shows the next item', async () => {
    const { recorded } = playWithRecorder({
      version: 1,
      items: [{ type: 'url', src: 'https://menu.example/', durationMs: 60_000 }, image('a', 5000)],
    });
    await flush();
    await flush();
    await advance(PAGE_LOAD_TIMEOUT_MS);
    expect(currentImage().getAttribute('src')).toBe('http://screen/media/a');
    expect(await recorded()).toEqual([
      {
        src: 'https://menu.example/',
        durationMs: PAGE_LOAD_TIMEOUT_MS,
        plannedMs: 60_000,
        outcome: 'error',
        error: 'the web page https://menu.example/ did not load within 30 s',
      },
    ]);
  });

  it('counts a single item that stays on screen once per planned time', async () => {
    const { recorded } = playWithRecorder({ version: 1, items: [image('only', 10_000)] });
    await flush();
    await flush();
    await advance(30_000);
    expect(await recorded()).toEqual(
      Array.from({ length: 3 }, () => ({
        src: 'http://screen/media/only',
        durationMs: 10_000,
        plannedMs: 10_000,
        outcome: 'completed',
        error: null,
      })),
    );
  });

  it('records the item on screen as interrupted when new content replaces it early', async () => {
    const { recorded, fire } = playWithRecorder({ version: 1, items: [image('a', 5000), image('b', 5000)] });
    await flush();
    await flush();
    await advance(2000);
    await act(async () => {
      fire('appData', { version: 2, items: [image('c', 5000)] });
      await Promise.resolve();
    });
    await flush();
    expect(currentImage().getAttribute('src')).toBe('http://screen/media/c');
    expect(await recorded()).toEqual([
      {
        src: 'http://screen/media/a',
        durationMs: 2000,
        plannedMs: 5000,
        outcome: 'interrupted',
        error: null,
      },
    ]);
  });
});
