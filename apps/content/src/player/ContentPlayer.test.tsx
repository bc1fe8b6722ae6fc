import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ContentCommands } from '../platform/playerLink';
import type { PlayerApi } from '../platform/playerApi';
import { contentConfigOf } from '../platform/runtimeConfig';
import { idleCommands } from '../platform/usePlayerLink';
import { fakeBridge } from '../testBridge';
import { ContentPlayer } from './ContentPlayer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function fakeApi(): PlayerApi {
  return {
    reportError: vi.fn(() => Promise.resolve()),
    log: vi.fn(() => Promise.resolve()),
    uploadScreenshot: vi.fn(() => Promise.resolve({})),
    sendDeviceRecord: vi.fn(() => Promise.resolve()),
    uploadPlays: vi.fn(() =>
      Promise.resolve({ accepted: 0, duplicates: 0, rejected: [], clockSkewMs: null }),
    ),
    signIn: () => Promise.resolve(null),
    playerId: () => Promise.resolve(null),
  };
}

const config = contentConfigOf(undefined, 'http://screen');
const image = (name: string, durationMs = 5000) => ({
  type: 'image',
  src: `http://screen/media/${name}`,
  durationMs,
});

function play(appData: unknown) {
  const { bridge } = fakeBridge({ getAppData: () => appData, getAuthData: () => null });
  const api = fakeApi();
  const commands = { current: idleCommands as ContentCommands };
  const view = render(<ContentPlayer bridge={bridge} api={api} config={config} commands={commands} />);
  return { api, commands, view };
}

const current = () => document.querySelector('.layer.is-current img')?.getAttribute('src');
const flush = () => act(() => Promise.resolve());

describe('ContentPlayer', () => {
  it('tells the operator to assign content when the manifest has no items (the store dropped the empty list)', async () => {
    play({ version: 1 });
    expect(await screen.findByText('This screen is paired')).toBeTruthy();
  });

  it('plays each item for its duration with the next one preloaded underneath', async () => {
    vi.useFakeTimers();
    play({ version: 3, items: { 0: image('a', 5000), 1: image('b', 2000) } });
    await flush();
    await flush();
    expect(current()).toBe('http://screen/media/a');
    expect(document.querySelector('.layer.is-next img')?.getAttribute('src')).toBe('http://screen/media/b');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(current()).toBe('http://screen/media/a');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toBe('http://screen/media/b');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(current()).toBe('http://screen/media/a');
  });

  it('skips an item that fails, logs why, and never leaves the screen blank', async () => {
    const { api } = play({ version: 2, items: [image('broken'), image('good')] });
    await flush();
    await flush();
    fireEvent.error(document.querySelector('.layer.is-current img') as Element);
    expect(current()).toBe('http://screen/media/good');
    expect(api.log).toHaveBeenCalledWith(
      'warn',
      'Skipped item 1: the image http://screen/media/broken did not load',
    );
    fireEvent.error(document.querySelector('.layer.is-current img') as Element);
    expect(await screen.findByText('The content of this screen cannot be shown right now')).toBeTruthy();
  });

  it('answers the player: mute, and what is on screen', async () => {
    const { commands } = play({
      version: 5,
      items: [{ type: 'video', src: 'http://screen/media/v', durationMs: 9000 }],
    });
    await flush();
    await flush();
    let answer: unknown;
    act(() => {
      answer = commands.current.setMute(true);
    });
    expect(answer).toEqual({ muted: true });
    expect((document.querySelector('video') as HTMLVideoElement).muted).toBe(true);
    expect(commands.current.getContentState()).toEqual({
      version: 5,
      index: 0,
      item: { type: 'video', src: 'http://screen/media/v', durationMs: 9000 },
    });
  });

  it('refuses honestly to screenshot a web page it cannot read, and logs it', async () => {
    const { commands, api } = play({
      version: 1,
      items: [{ type: 'url', src: 'https://menu.example/', durationMs: 9000 }],
    });
    await flush();
    await flush();
    const message = 'Screenshot not taken: A web page cannot be captured from inside the content frame';
    await expect(commands.current.screenshot()).rejects.toThrow(message);
    expect(api.log).toHaveBeenCalledWith('warn', message);
    expect(api.uploadScreenshot).not.toHaveBeenCalled();
  });
});
