import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_UNSUPPORTED_MESSAGE, startServiceWorker } from './serviceWorker';

class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
}

function setup(controlled: boolean) {
  const registration = Object.assign(new EventTarget(), {
    waiting: null as FakeWorker | null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  const reload = vi.fn();
  const logger = { warn: vi.fn(), info: vi.fn() };
  const stop = startServiceWorker({
    container: container as unknown as ServiceWorkerContainer,
    base: '/meet/',
    reload,
    logger,
  });
  return { registration, container, reload, logger, stop };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startServiceWorker', () => {
  it('registers service-worker.js under /meet/ and checks for updates at start and hourly', async () => {
    const { container, registration, stop } = setup(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(container.register).toHaveBeenCalledWith('/meet/service-worker.js', { scope: '/meet/' });
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
  });

  it('tells an installed update to skip waiting after 200 ms', async () => {
    const { registration } = setup(true);
    await vi.advanceTimersByTimeAsync(0);
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
    await vi.advanceTimersByTimeAsync(199);
    expect(worker.postMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('reloads once on controller changes and reload messages', async () => {
    const { container, reload } = setup(true);
    container.dispatchEvent(new MessageEvent('message', { data: { action: 'other' } }));
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new MessageEvent('message', { data: { action: 'reload' } }));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('warns and skips without service worker support', () => {
    const logger = { warn: vi.fn(), info: vi.fn() };
    startServiceWorker({ container: undefined, base: '/meet/', reload: vi.fn(), logger });
    expect(logger.warn).toHaveBeenCalledWith(SERVICE_WORKER_UNSUPPORTED_MESSAGE);
  });
});
