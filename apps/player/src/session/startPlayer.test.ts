import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@marquee/player-core';
import { fakeJwt } from './testSession';
import { startPlayer } from './startPlayer';

/** A WebSocket that never connects: start-up must not wait for the realtime database. */
class SilentSocket extends EventTarget {
  readyState = 0;
  send() {}
  close() {}
}

const auth = { apiToken: fakeJwt({ sub: 'dev-1' }), firebaseTokenV2: 'custom', secret: 's' };
let calls: { url: string; init: RequestInit }[];
let answers: Record<string, () => Response>;
let info: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;

function fakeWindow(search: string, storage: Storage) {
  const win = {
    location: { search, origin: 'http://s.test', protocol: 'http:' },
    localStorage: storage,
    navigator: { userAgent: 'Chromium' },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  } as unknown as Window;
  (win as unknown as { parent: Window }).parent = win;
  return win;
}

beforeEach(() => {
  calls = [];
  answers = {
    '/_internal/players': () => new Response(JSON.stringify(auth), { status: 201 }),
    '/identity/v1/accounts:signInWithCustomToken': () =>
      new Response(
        JSON.stringify({ idToken: fakeJwt({ sub: 'dev-1' }), refreshToken: 'r', expiresIn: '3600' }),
      ),
  };
  vi.stubGlobal('WebSocket', SilentSocket);
  vi.stubGlobal('__MARQUEE_CONFIG__', {
    apiUrl: 'http://s.test',
    identityUrl: 'http://s.test/identity/v1',
    mode: 'edge',
    version: '1.0.0',
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[new URL(url).pathname];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
  info = vi.fn<(...args: unknown[]) => void>();
  vi.spyOn(console, 'info').mockImplementation(info);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startPlayer', () => {
  it('logs the service, mode and version first, registers, signs in and is ready under the identity uid', async () => {
    const storage = new MemoryStorage();
    storage.setItem('deviceId', '"dev-1"');
    const result = await startPlayer({ window: fakeWindow('?platform=browser', storage), reload: () => {} });
    expect(info.mock.calls[0]).toEqual([
      '[marquee-player] marquee-player starting',
      { service: 'marquee-player', mode: 'edge', version: '1.0.0' },
    ]);
    expect(result.kind).toBe('ready');
    if (result.kind !== 'ready') return;
    expect(result.session.playerId).toBe('dev-1');
    expect(result.session.platform).toBe('browser');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      settings: { name: 'Marquee Player' },
      device: { id: 'dev-1', model: 'Web Browser', platform: 'browser', device: { hardware_id: null } },
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(calls[1]?.url).toBe('http://s.test/identity/v1/accounts:signInWithCustomToken');
    expect(JSON.parse(storage.getItem('auth') ?? '')).toEqual(auth);
    result.session.db.close();
    result.session.identity.close();
  });

  it('answers the duplicate-hardware outcome on 409 DUPLICATE_HARDWARE_ID', async () => {
    answers['/_internal/players'] = () =>
      new Response(
        JSON.stringify({ error: { code: 'DUPLICATE_HARDWARE_ID', message: 'm', hardware_id: 'hw-1' } }),
        {
          status: 409,
        },
      );
    const result = await startPlayer({ window: fakeWindow('', new MemoryStorage()), reload: () => {} });
    expect(result).toEqual({ kind: 'duplicate', hardwareId: 'hw-1' });
  });

  it('starts with stored auth when the network hangs, using the id under the auth entry after 4.5 s', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.setItem('auth', JSON.stringify(auth));
    storage.setItem('deviceId', '"dev-1"');
    // The network hangs (no answer at all, as behind a captive portal).
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Promise<Response>(() => {});
    });
    let result: Awaited<ReturnType<typeof startPlayer>> | undefined;
    void startPlayer({ window: fakeWindow('', storage), reload: () => {} }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(4499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result?.kind).toBe('ready');
    if (result?.kind === 'ready') {
      expect(result.session.playerId).toBe('dev-1');
      result.session.db.close();
      result.session.identity.close();
    }
    expect(calls.some((call) => call.url.endsWith('/_internal/players'))).toBe(false);
    vi.useRealTimers();
  });
});
