import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkReachability } from './reachability';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const answering = (status: number) =>
  vi.fn(async () => new Response(null, { status: status === 204 ? 204 : status }));

describe('checkReachability', () => {
  it('adds a cache-busting timestamp and counts 200 to 399 as online', async () => {
    const fetchImpl = answering(200);
    await expect(
      checkReachability({ url: 'http://s/online.txt', fetch: fetchImpl, clock: () => 123 }),
    ).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://s/online.txt?t=123',
      expect.objectContaining({ cache: 'no-store' }),
    );
    for (const [status, online] of [
      [199, false],
      [200, true],
      [399, true],
      [400, false],
      [503, false],
    ] as const) {
      const fetchStatus = vi.fn(async () => ({ status }) as Response);
      await expect(checkReachability({ url: 'http://s/online.txt', fetch: fetchStatus })).resolves.toBe(
        online,
      );
    }
  });

  it('is offline with a warning after 5 s without an answer, and not before', async () => {
    const logger = { warn: vi.fn() };
    const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
    let result: boolean | undefined;
    void checkReachability({ url: 'http://s/online.txt', fetch: fetchImpl, logger }).then(
      (r) => (result = r),
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'reachability check failed: offline',
      'reachability check timed out',
    );
  });

  it('is offline when the request fails', async () => {
    const fetchImpl = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkReachability({ url: 'http://s/online.txt', fetch: fetchImpl })).resolves.toBe(false);
  });
});
