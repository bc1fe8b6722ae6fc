import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPlayerStorage, type ParentLink } from '@marquee/player-core';
import { useMeetSettings } from './useMeetSettings';

function setup(parentSettings: unknown) {
  const storage = createPlayerStorage(window.localStorage);
  window.localStorage.clear();
  const calls: unknown[][] = [];
  const parent: ParentLink = {
    call: vi.fn(async (method: string, ...args: unknown[]) => {
      calls.push([method, ...args]);
      return method === 'storageGet' ? parentSettings : null;
    }) as ParentLink['call'],
  };
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { session: { storage, parent, logger } as never, calls, storage };
}

describe('useMeetSettings', () => {
  it('starts from the parent storage until the subscription answers', async () => {
    const { session, calls } = setup({ name: 'From parent' });
    const { result, rerender } = renderHook(({ value }) => useMeetSettings(session, value), {
      initialProps: { value: undefined as unknown },
    });
    await waitFor(() => expect(result.current).toEqual({ name: 'From parent' }));
    expect(calls[0]).toEqual(['storageGet', 'settings']);
    rerender({ value: { name: 'Room 4', orientation: 'landscape' } });
    expect(result.current).toEqual({ name: 'Room 4', orientation: 'landscape' });
  });

  it('keeps subscribed settings locally and in the parent storage under "settings"', async () => {
    const { session, calls, storage } = setup(null);
    renderHook(() => useMeetSettings(session, { name: 'Room 7' }));
    await waitFor(() => expect(calls).toContainEqual(['storageSet', 'settings', { name: 'Room 7' }]));
    expect(storage.getSettings()).toEqual({ name: 'Room 7' });
  });
});
