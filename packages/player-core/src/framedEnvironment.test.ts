import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAMED_PARENT_GRACE_MS, waitForFramedEnvironment } from './framedEnvironment';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('waitForFramedEnvironment', () => {
  it('elsewhere looks for an answered parent for the short grace only, and logs nothing', async () => {
    const logger = { warn: vi.fn() };
    let result: boolean | undefined;
    void waitForFramedEnvironment({ platform: 'android', isFramed: () => false, logger }).then(
      (r) => (result = r),
    );
    await vi.advanceTimersByTimeAsync(FRAMED_PARENT_GRACE_MS - 100);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(result).toBe(false);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(FRAMED_PARENT_GRACE_MS).toBeLessThanOrEqual(500);
    await expect(waitForFramedEnvironment({ platform: 'browser', isFramed: () => true })).resolves.toBe(true);
  });

  it('polls every 100 ms on chromeos and resolves once framed', async () => {
    let framed = false;
    const isFramed = vi.fn(() => framed);
    let result: boolean | undefined;
    void waitForFramedEnvironment({ platform: 'chromeos', isFramed }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(300);
    expect(isFramed).toHaveBeenCalledTimes(1 + 3);
    framed = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(result).toBe(true);
  });

  it('gives up after 15 s on chromeos and logs it', async () => {
    const logger = { warn: vi.fn() };
    let result: boolean | undefined;
    void waitForFramedEnvironment({ platform: 'chromeos', isFramed: () => false, logger }).then(
      (r) => (result = r),
    );
    await vi.advanceTimersByTimeAsync(14_900);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(result).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith('Framed environment not found in 15 s');
  });
});
