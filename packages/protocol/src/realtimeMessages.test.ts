import { describe, expect, it } from 'vitest';
import {
  ClientMessageSchema,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MIN_MS,
  reconnectCeiling,
  reconnectDelay,
} from './realtimeMessages';

describe('realtime wire messages', () => {
  it('accepts each request type', () => {
    const requests = [
      { r: 1, t: 'auth', token: 'x' },
      { r: 2, t: 'listen', path: 'players/p1/app' },
      { r: 3, t: 'unlisten', path: 'players/p1/app' },
      { r: 4, t: 'get', path: 'players/p1' },
      { r: 5, t: 'set', path: 'players/p1/settings/name', value: 'Lobby' },
      { r: 6, t: 'update', path: 'players/p1/connection', value: { connected: true, id: null } },
      { r: 7, t: 'remove', path: 'players/p1/settings/mute' },
      { r: 8, t: 'cas', path: 'players/p1/settings/name', value: 'x', hash: 'abc' },
      { r: 9, t: 'od', action: 'set', path: 'players/p1/connection/connected', value: false },
      { r: 10, t: 'od', action: 'cancel', path: 'players/p1/connection' },
      { r: 11, t: 'time' },
    ];
    for (const request of requests) expect(ClientMessageSchema.safeParse(request).success).toBe(true);
  });

  it('rejects frames that are not requests, naming the offending field', () => {
    const bad: [unknown, PropertyKey[]][] = [
      [null, []],
      ['listen', []],
      [[], []],
      [{ t: 'get', path: 'players/p1' }, ['r']],
      [{ r: -1, t: 'get', path: 'players/p1' }, ['r']],
      [{ r: 1.5, t: 'get', path: 'players/p1' }, ['r']],
      [{ r: 1, t: 'drop', path: 'players/p1' }, ['t']],
      [{ r: 1, t: 'get' }, ['path']],
      [{ r: 1, t: 'auth', token: 7 }, ['token']],
      [{ r: 1, t: 'update', path: 'players/p1', value: 'not an object' }, ['value']],
      [{ r: 1, t: 'od', action: 'explode', path: 'players/p1' }, ['action']],
      [{ r: 1, t: 'cas', path: 'players/p1', value: 1, hash: 'h'.repeat(129) }, ['hash']],
      [{ r: 1, t: 'get', path: 'p/'.repeat(3000) }, ['path']],
    ];
    for (const [frame, field] of bad) {
      const parsed = ClientMessageSchema.safeParse(frame);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(field);
    }
  });
});

describe('reconnect backoff', () => {
  it('doubles the ceiling from the minimum on each attempt up to the maximum', () => {
    const ceilings = Array.from({ length: 20 }, (_, attempt) => reconnectCeiling(attempt));
    expect(ceilings[0]).toBe(REALTIME_RECONNECT_MIN_MS);
    for (let k = 1; k < ceilings.length; k++) {
      const previous = ceilings[k - 1] as number;
      expect(ceilings[k]).toBe(Math.min(2 * previous, REALTIME_RECONNECT_MAX_MS));
    }
    expect(ceilings[ceilings.length - 1]).toBe(REALTIME_RECONNECT_MAX_MS);
  });

  it('waits anywhere from 0 up to (not including) the ceiling, clamping the random draw', () => {
    expect(reconnectDelay(1000, 0)).toBe(0);
    expect(reconnectDelay(1000, 0.25)).toBe(250);
    expect(reconnectDelay(1000, 0.9999999)).toBeLessThan(1000);
    expect(reconnectDelay(1000, -1)).toBe(0);
    expect(reconnectDelay(1000, 7)).toBe(1000);
  });
});
