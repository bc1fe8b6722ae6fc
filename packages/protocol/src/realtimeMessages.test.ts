import { describe, expect, it } from 'vitest';
import { ClientMessageSchema, REALTIME_ERROR_CODES } from './realtimeMessages';

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

  it('rejects frames that are not requests', () => {
    const bad = [
      null,
      'listen',
      [],
      { t: 'get', path: 'players/p1' },
      { r: -1, t: 'get', path: 'players/p1' },
      { r: 1.5, t: 'get', path: 'players/p1' },
      { r: 1, t: 'drop', path: 'players/p1' },
      { r: 1, t: 'get' },
      { r: 1, t: 'update', path: 'players/p1', value: 'not an object' },
      { r: 1, t: 'od', action: 'explode', path: 'players/p1' },
      { r: 1, t: 'get', path: 'p/'.repeat(3000) },
    ];
    for (const frame of bad) expect(ClientMessageSchema.safeParse(frame).success).toBe(false);
  });

  it('names the error codes of the design', () => {
    expect(REALTIME_ERROR_CODES).toEqual([
      'permission_denied',
      'invalid_path',
      'invalid_value',
      'too_large',
      'datastale',
      'unauthenticated',
      'rate_limited',
      'invalid_request',
      'internal',
    ]);
  });
});
