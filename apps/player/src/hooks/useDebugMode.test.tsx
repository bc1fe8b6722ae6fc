import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryStorage, createPlayerStorage } from '@marquee/player-core';
import { useDebugMode } from './useDebugMode';

function setup(initial = false) {
  const raw = new MemoryStorage();
  const storage = createPlayerStorage(raw);
  storage.setDebugMode(initial);
  let now = 0;
  const hook = renderHook(() => useDebugMode(storage, () => now));
  const tapAt = (time: number) => {
    now = time;
    act(() => hook.result.current.tap());
  };
  return { raw, hook, tapAt };
}

describe('useDebugMode', () => {
  it('turns on after 7 taps within 3 s and stores it', () => {
    const { hook, tapAt, raw } = setup();
    for (let i = 0; i < 6; i++) tapAt(i * 400);
    expect(hook.result.current.debugMode).toBe(false);
    tapAt(2999); // 7th tap, 2999 ms after the first
    expect(hook.result.current.debugMode).toBe(true);
    expect(raw.getItem('__sc_player_debug_mode')).toBe('true');
  });

  it('does not turn on when the 7 taps span 3 s or more', () => {
    const { hook, tapAt } = setup();
    for (let i = 0; i < 6; i++) tapAt(i * 500); // 0 … 2500
    tapAt(3000); // the first tap is now 3 s old
    expect(hook.result.current.debugMode).toBe(false);
  });

  it('turns off with a single tap when on', () => {
    const { hook, tapAt, raw } = setup(true);
    expect(hook.result.current.debugMode).toBe(true);
    tapAt(10);
    expect(hook.result.current.debugMode).toBe(false);
    expect(raw.getItem('__sc_player_debug_mode')).toBeNull();
  });
});
