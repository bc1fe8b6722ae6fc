import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForFramedEnvironment } from './framedEnvironment';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('waitForFramedEnvironment', () => {
  it('does not wait on other platforms', async () => {
    const isFramed = vi.fn(() => false);
    await expect(waitForFramedEnvironment({ platform: 'browser', isFramed })).resolves.toBe(false);
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
