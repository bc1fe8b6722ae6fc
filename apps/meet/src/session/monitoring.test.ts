import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_SHIP_INTERVAL_MS, createLogger, type HttpClient } from '@marquee/player-core';
import { startMonitoring } from './monitoring';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const request = vi.fn(async () => ({}));
  const logger = createLogger({
    service: 'meet-player',
    level: () => 'debug',
    console: { error() {}, warn() {}, info() {}, debug() {}, log() {} },
    clock: () => 42,
  });
  const events = new EventTarget();
  const http = { request: request as HttpClient['request'] };
  const stop = startMonitoring({ service: 'meet-player', logger, http, events });
  return { request, logger, events, stop };
}

describe('startMonitoring', () => {
  it('ships warnings and errors in batches naming the service, the messages as logged', async () => {
    const { request, logger } = setup();
    logger.info('not shipped');
    logger.warn('socket closed', { code: 1006 });
    logger.error('registration failed', 'HTTP 429');
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LOG_SHIP_INTERVAL_MS);
    expect(request).toHaveBeenCalledWith('POST', '/logs/lines', {
      body: {
        service: 'meet-player',
        lines: [
          { level: 'warn', message: 'socket closed', data: { code: 1006 }, time: 42 },
          { level: 'error', message: 'registration failed', data: 'HTTP 429', time: 42 },
        ],
      },
    });
  });

  it('reports uncaught errors under the service name', () => {
    const { request, events } = setup();
    events.dispatchEvent(Object.assign(new Event('error'), { message: 'Uncaught TypeError: x' }));
    expect(request).toHaveBeenCalledWith('POST', '/errors', {
      body: expect.objectContaining({ message: 'Uncaught TypeError: x', service: 'meet-player' }),
    });
  });

  it('stops shipping and reporting', async () => {
    const { request, logger, events, stop } = setup();
    stop();
    logger.error('after stop');
    events.dispatchEvent(Object.assign(new Event('error'), { message: 'after stop' }));
    await vi.advanceTimersByTimeAsync(LOG_SHIP_INTERVAL_MS);
    expect(request).not.toHaveBeenCalled();
  });
});
