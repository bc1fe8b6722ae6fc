import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../../test/fakeSocket';
import { REST_TIMEOUT_MS, restRead, restReadUrl, type FetchLike } from './restFallback';
import { defaultTimers } from '@marquee/protocol';

function options(fetchImpl: FetchLike, token: string | null = 'id-token') {
  return {
    restUrl: 'http://127.0.0.1:8080/',
    fetchImpl,
    getToken: () => Promise.resolve(token),
    timers: defaultTimers,
    logger: memoryLogger(),
  };
}

const answering = (status: number, body = '') =>
  vi.fn<FetchLike>(() => Promise.resolve({ status, text: () => Promise.resolve(body) }));

describe('restReadUrl', () => {
  it('is GET {restUrl}/db/{path}.json with the token and format=export, each segment encoded', () => {
    expect(restReadUrl('http://h:1', ['players', 'p 1', 'é'], 'a+b')).toBe(
      'http://h:1/db/players/p%201/%C3%A9.json?auth=a%2Bb&format=export',
    );
    expect(restReadUrl('http://h:1//', ['players', 'p'], null)).toBe(
      'http://h:1/db/players/p.json?format=export',
    );
  });
});

describe('restRead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('answers the value of a 200', async () => {
    const fetchImpl = answering(200, '{"name":"Hall","items":["a","b"]}');
    await expect(restRead(options(fetchImpl), ['players', 'p', 'settings'])).resolves.toEqual({
      value: { name: 'Hall', items: ['a', 'b'] },
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(
      'http://127.0.0.1:8080/db/players/p/settings.json?auth=id-token&format=export',
    );
  });

  it('turns 404 into null data', async () => {
    await expect(restRead(options(answering(404)), ['players', 'p'])).resolves.toEqual({ value: null });
  });

  it('turns 401 (and 403) into PERMISSION_DENIED', async () => {
    for (const status of [401, 403]) {
      await expect(
        restRead(options(answering(status, '{"error":"Permission denied"}')), ['players', 'q']),
      ).rejects.toMatchObject({
        name: 'RealtimeError',
        code: 'PERMISSION_DENIED',
        message: 'Permission denied: the client cannot read "players/q"',
      });
    }
  });

  it('is unavailable on any other status, a body that is not JSON, or a network error', async () => {
    await expect(restRead(options(answering(500)), ['players', 'p'])).resolves.toBe('unavailable');
    await expect(restRead(options(answering(200, '<html>')), ['players', 'p'])).resolves.toBe('unavailable');
    const failing = vi.fn<FetchLike>(() => Promise.reject(new TypeError('fetch failed')));
    await expect(restRead(options(failing), ['players', 'p'])).resolves.toBe('unavailable');
  });

  it(`gives up after REST_TIMEOUT_MS (${REST_TIMEOUT_MS} ms)`, async () => {
    let signal: AbortSignal | undefined;
    const hanging = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init.signal;
          init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const read = restRead(options(hanging), ['players', 'p']);
    await vi.advanceTimersByTimeAsync(REST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(read).resolves.toBe('unavailable');
  });

  it('reads without a token when the provider has none (the server answers 401)', async () => {
    const fetchImpl = answering(401);
    await expect(restRead(options(fetchImpl, null), ['players', 'p'])).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8080/db/players/p.json?format=export');
  });
});
