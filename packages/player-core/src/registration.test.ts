import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type FetchLike } from './httpClient';
import { BlockedPlayerError, DuplicateHardwareError, newDeviceId, registerPlayer } from './registration';

const auth = { apiToken: 'a', firebaseTokenV2: 'f', secret: 's' };
const device = { id: 'dev-1', model: 'Web Browser', platform: 'browser', hardwareId: 'hw-1' };

function client(status: number, body: unknown) {
  const fetchImpl = vi.fn<FetchLike>(async () => new Response(JSON.stringify(body), { status }));
  const http = createHttpClient({
    baseUrl: 'http://api',
    getToken: () => 'old-token',
    fetch: fetchImpl,
    events: null,
    logger: { error: () => {} },
  });
  return { http, fetchImpl };
}

describe('registerPlayer', () => {
  it('posts settings and the device record without a token and answers the auth object', async () => {
    const { http, fetchImpl } = client(201, auth);
    await expect(
      registerPlayer(http, { name: 'Marquee Player' }, device, { timezone: 'America/New_York' }),
    ).resolves.toEqual(auth);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://api/_internal/players');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({
      settings: { name: 'Marquee Player' },
      device: { id: 'dev-1', model: 'Web Browser', platform: 'browser', device: { hardware_id: 'hw-1' } },
      timezone: 'America/New_York',
    });
  });

  it("reports the device's own zone by default, and none when it is unknown", async () => {
    const first = client(201, auth);
    await registerPlayer(first.http, {}, device);
    expect(JSON.parse(String(first.fetchImpl.mock.calls[0]?.[1]?.body)).timezone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    const second = client(201, auth);
    await registerPlayer(second.http, {}, device, { timezone: null });
    expect(JSON.parse(String(second.fetchImpl.mock.calls[0]?.[1]?.body))).not.toHaveProperty('timezone');
  });

  it('turns 409 DUPLICATE_HARDWARE_ID into a DuplicateHardwareError carrying the hardware id', async () => {
    const { http } = client(409, {
      error: { code: 'DUPLICATE_HARDWARE_ID', message: 'm', hardware_id: 'hw-9' },
    });
    const error = await registerPlayer(http, {}, device).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DuplicateHardwareError);
    expect(error).toMatchObject({
      hardwareId: 'hw-9',
      message: 'The device has previously been associated with a screen.',
    });
  });

  it('passes other failures on and refuses an answer that is no auth object', async () => {
    await expect(registerPlayer(client(500, {}).http, {}, device)).rejects.toMatchObject({ status: 500 });
    await expect(registerPlayer(client(200, { apiToken: 'a' }).http, {}, device)).rejects.toThrow(
      'Registration answered no auth object',
    );
  });
});

describe('registerPlayer for a re-registering player', () => {
  it('sends the stored token as Authorization when given one', async () => {
    const { http, fetchImpl } = client(200, auth);
    await registerPlayer(http, {}, device, { authorization: 'stored-token' });
    expect(fetchImpl.mock.calls[0]?.[1]?.headers).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'stored-token',
    });
  });

  it('turns 403 into a BlockedPlayerError', async () => {
    const { http } = client(403, { error: { code: 'PLAYER_BLOCKED', message: 'This player is blocked.' } });
    await expect(registerPlayer(http, {}, device)).rejects.toBeInstanceOf(BlockedPlayerError);
  });
});

describe('newDeviceId', () => {
  it('is 32 hex characters from the random bytes', () => {
    expect(newDeviceId((bytes) => bytes.fill(171))).toBe('ab'.repeat(16));
    expect(newDeviceId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
