import { describe, expect, it, vi } from 'vitest';
import { HttpClientError, type HttpClient } from '@marquee/player-core';
import { meetFlagHandlers } from './useMeetActionFlags';

const stored = { apiToken: 'a1', firebaseTokenV2: 'f1', secret: 's1' };
const rotated = { apiToken: 'a2', firebaseTokenV2: 'f2', secret: 's2' };

function setup(request: HttpClient['request']) {
  const events: string[] = [];
  const session = {
    http: { request },
    playerId: 'room-1',
    logger: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), log: vi.fn(), addSink: vi.fn() },
    identity: { signOut: () => events.push('signOut') } as never,
    auth: () => stored,
    setAuth: (auth: unknown) => events.push(`setAuth ${JSON.stringify(auth)}`),
    reload: () => events.push('reload'),
  };
  return { handlers: meetFlagHandlers(session), events };
}

describe('meetFlagHandlers: reset_credentials', () => {
  it('rotates with the stored secret, stores the new auth, signs the old identity out, then reloads', async () => {
    const request = vi.fn(async () => rotated) as unknown as HttpClient['request'];
    const { handlers, events } = setup(request);
    await handlers.reset_credentials?.(true);
    expect(request).toHaveBeenCalledWith('DELETE', '/_internal/players/room-1/credentials', {
      authorization: 's1',
    });
    expect(events).toEqual([`setAuth ${JSON.stringify(rotated)}`, 'signOut', 'reload']);
  });

  it('changes nothing and does not reload when the rotation is refused (the runner retries it)', async () => {
    const refused = new HttpClientError({
      message: 'x',
      url: 'u',
      method: 'DELETE',
      status: 401,
      data: null,
    });
    const { handlers, events } = setup((async () => Promise.reject(refused)) as HttpClient['request']);
    await expect(handlers.reset_credentials?.(true)).rejects.toBe(refused);
    expect(events).toEqual([]);
  });
});
