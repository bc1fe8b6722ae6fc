import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogLine } from './logger';
import { LOG_BUFFER_MAX_LINES, createLogShipper, type LogBatch } from './logShipper';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const line = (level: LogLine['level'], message: string): LogLine => ({ level, message, time: 1 });

describe('createLogShipper', () => {
  it('ships warnings and errors every 30 s in batches of at most 100', async () => {
    const send = vi.fn(async (_batch: LogBatch) => {});
    const shipper = createLogShipper({ service: 'test-player', send });
    shipper.sink(line('info', 'not shipped'));
    for (let i = 0; i < 150; i++) shipper.sink(line('warn', `w${i}`));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send.mock.calls[0]?.[0].lines).toHaveLength(100);
    // The batch names the service; the messages stay as logged.
    expect(send.mock.calls[0]?.[0].service).toBe('test-player');
    expect(send.mock.calls[0]?.[0].lines[0]).toEqual({ level: 'warn', message: 'w0', time: 1 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send.mock.calls[1]?.[0].lines).toHaveLength(50);
    expect(send.mock.calls[1]?.[0].lines[49]?.message).toBe('w149');
    shipper.stop();
  });

  it('keeps a failed batch, bounds the buffer, and never ships its own failures', async () => {
    const send = vi.fn(async (_batch: LogBatch) => {});
    send.mockRejectedValueOnce(new Error('offline'));
    const shipper = createLogShipper({ service: 'test-player', send });
    shipper.sink(line('error', '[HttpClientError] http://s/logs/lines Failed to fetch'));
    for (let i = 0; i < LOG_BUFFER_MAX_LINES + 10; i++) shipper.sink(line('error', `e${i}`));
    await shipper.flush();
    await shipper.flush();
    expect(send.mock.calls[1]?.[0].lines[0]?.message).toBe('e10');
    shipper.stop();
  });

  it('drops a batch the server refuses, and data that is too large', async () => {
    const send = vi.fn(async (_batch: LogBatch) => {});
    send.mockRejectedValueOnce(Object.assign(new Error('bad'), { status: 400 }));
    const shipper = createLogShipper({ service: 'test-player', send });
    shipper.sink(line('warn', 'refused'));
    await shipper.flush();
    shipper.sink({ level: 'warn', message: 'big', data: 'x'.repeat(5000), time: 2 });
    await shipper.flush();
    expect(send.mock.calls[1]?.[0]).toEqual({
      service: 'test-player',
      lines: [{ level: 'warn', message: 'big', time: 2 }],
    });
    shipper.stop();
  });
});
