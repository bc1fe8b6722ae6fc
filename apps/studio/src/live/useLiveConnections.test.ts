import { describe, expect, it } from 'vitest';
import { liveConnectionOf } from './useLiveConnections';

describe('liveConnectionOf', () => {
  it('reads a connected record, and one read back after a disconnect (its nulls dropped by the database)', () => {
    expect(
      liveConnectionOf({ connected: true, connected_at: 1000, disconnected_at: null, id: 'tab-1' }),
    ).toEqual({ connected: true, connected_at: 1000, disconnected_at: null });
    expect(liveConnectionOf({ connected: false, disconnected_at: 2000 })).toEqual({
      connected: false,
      connected_at: null,
      disconnected_at: 2000,
    });
  });

  it('ignores what is no connection record, so the last API answer stands', () => {
    for (const value of [null, 'online', { connected: 'yes' }, { connected: true, connected_at: 'today' }]) {
      expect(liveConnectionOf(value)).toBeNull();
    }
  });
});
