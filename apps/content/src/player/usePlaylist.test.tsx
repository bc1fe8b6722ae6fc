import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { AppDataItem } from '@marquee/protocol';
import type { Playable } from './programme';
import { usePlaylist } from './usePlaylist';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const app: AppDataItem = { type: 'app', src: 'https://apps.example/', durationMs: 60_000 };
const image: AppDataItem = { type: 'image', src: 'https://example.com/a.png', durationMs: 3000 };
const playable = (...items: AppDataItem[]): Playable => ({ key: JSON.stringify(items), items });

describe('usePlaylist: an item that ends its slot early (an app calling done())', () => {
  it('brings the next item on at once, and the app comes round again after it', () => {
    const content = playable(app, image);
    const { result } = renderHook(() => usePlaylist(content));
    expect(result.current).toMatchObject({ current: 0, next: 1 });
    act(() => void vi.advanceTimersByTime(1500));
    let moved = false;
    act(() => void (moved = result.current.finish(0)));
    expect(moved).toBe(true);
    expect(result.current).toMatchObject({ current: 1, previous: 0, next: 0 });
    // The image gets its whole duration, counted from when it came on.
    act(() => void vi.advanceTimersByTime(2999));
    expect(result.current.current).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.current).toBe(0);
  });

  it('says when there is nothing to go to, and ignores an item no longer on screen', () => {
    const single = playable(app);
    const alone = renderHook(() => usePlaylist(single));
    expect(alone.result.current.finish(0)).toBe(false);
    expect(alone.result.current.current).toBe(0);
    const content = playable(app, image);
    const { result } = renderHook(() => usePlaylist(content));
    expect(result.current.finish(1)).toBe(true);
    expect(result.current.current).toBe(0);
  });
});
