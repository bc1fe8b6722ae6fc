import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, createPlayerStorage, type HttpClient } from '@marquee/player-core';
import { useSettings } from './useSettings';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(serverValue: unknown = undefined) {
  const raw = new MemoryStorage();
  const storage = createPlayerStorage(raw);
  const request = vi.fn(async () => ({}));
  const http: HttpClient = { request } as unknown as HttpClient;
  const hook = renderHook(({ value }) => useSettings({ storage, http, playerId: 'p1' }, value), {
    initialProps: { value: serverValue },
  });
  const stored = () => JSON.parse(raw.getItem('settings') ?? '{}') as Record<string, unknown>;
  return { hook, request, stored };
}

describe('useSettings', () => {
  it('saves an orientation change locally and syncs it to the server at once', () => {
    const { hook, request, stored } = setup();
    act(() => hook.result.current.setOrientation('reverse_portrait'));
    expect(stored().orientation).toBe('reverse_portrait');
    expect(hook.result.current.orientation).toBe('reverse_portrait');
    expect(request).toHaveBeenCalledWith('PATCH', '/_internal/players/p1/settings', {
      body: { orientation: 'reverse_portrait' },
    });
  });

  it('saves the name locally after 2 s and syncs it debounced 2 s after the last keystroke', () => {
    const { hook, request, stored } = setup();
    act(() => hook.result.current.setName('Lo'));
    act(() => vi.advanceTimersByTime(1500));
    act(() => hook.result.current.setName('Lobby'));
    act(() => vi.advanceTimersByTime(1999));
    expect(stored().name).toBeUndefined();
    expect(request).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(stored().name).toBe('Lobby');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('PATCH', '/_internal/players/p1/settings', {
      body: { name: 'Lobby' },
    });
  });

  it('refuses a name over 120 characters: error shown, nothing saved or sent', () => {
    const { hook, request, stored } = setup();
    act(() => hook.result.current.setName('x'.repeat(121)));
    expect(hook.result.current.nameError).toBe('The screen name can have at most 120 characters.');
    act(() => vi.advanceTimersByTime(5000));
    expect(stored().name).toBeUndefined();
    expect(request).not.toHaveBeenCalled();
    act(() => hook.result.current.setName('x'.repeat(120)));
    expect(hook.result.current.nameError).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("takes the server's settings into local storage", () => {
    const { hook, stored } = setup();
    hook.rerender({ value: { name: 'From studio', orientation: 'portrait', mute: true } });
    expect(stored()).toEqual({ name: 'From studio', orientation: 'portrait', mute: true });
    expect(hook.result.current.nameDraft).toBe('From studio');
    expect(hook.result.current.orientation).toBe('portrait');
  });
});
