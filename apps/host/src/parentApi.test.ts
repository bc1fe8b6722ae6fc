import { describe, expect, it, vi } from 'vitest';
import { createParentApi } from './parentApi';
import { wrapperSetup } from './platforms';

function setup(search: string) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  const calls: string[] = [];
  const restartPlayer = vi.fn();
  const api = createParentApi(wrapperSetup(search), {
    storage,
    restartPlayer,
    record: (c) => calls.push(c.method),
    clock: () => 1,
  });
  return { api, calls, restartPlayer };
}

describe('createParentApi', () => {
  it('keeps auth natively and records every call', () => {
    const { api, calls } = setup('?platform=chromeos');
    expect(api.getAuthData()).toBeNull();
    api.setAuthData({ apiToken: 'a' });
    expect(api.getAuthData()).toEqual({ apiToken: 'a' });
    expect(calls).toEqual(['getAuthData', 'setAuthData', 'getAuthData']);
  });

  it('reports the capability set and refuses what the platform lacks', () => {
    const { api } = setup('?platform=tizen');
    expect(api.getMetadata().capabilities).toMatchObject({ reboot: true, mute: false });
    expect(() => api.mute(true)).toThrow('mute is not supported on tizen');
  });

  it('reboots by restarting the player', () => {
    vi.useFakeTimers();
    const { api, restartPlayer } = setup('?platform=chromeos');
    expect(api.reboot()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(restartPlayer).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
