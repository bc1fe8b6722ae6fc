import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectOverriddenPlayer, usesPlainSocket, type SocketLike } from './overriddenPlayer';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event('error'));
    this.onclose?.({} as CloseEvent);
  }
}

const PAIR = 'ws://127.0.0.1:1/a|wss://example.test/a';

function setup(value: unknown, plain = false) {
  const sockets: FakeSocket[] = [];
  const logger = { error: vi.fn(), info: vi.fn() };
  const onMessage = vi.fn();
  const stop = connectOverriddenPlayer({
    value,
    plain,
    onMessage,
    logger,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { sockets, logger, onMessage, stop };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connectOverriddenPlayer', () => {
  it('takes the second URL, or the first one when plain', () => {
    expect(setup({ websocket: PAIR }).sockets[0]?.url).toBe('wss://example.test/a');
    expect(setup({ websocket: PAIR }, true).sockets[0]?.url).toBe('ws://127.0.0.1:1/a');
  });

  it('passes JSON messages on and logs empty, non-JSON and invalid ones', () => {
    const { sockets, onMessage, logger } = setup({ websocket: PAIR });
    sockets[0]?.receive('{"href":"https://example.test/x"}');
    sockets[0]?.receive('{"action":"reboot"}');
    expect(onMessage.mock.calls).toEqual([[{ href: 'https://example.test/x' }], [{ action: 'reboot' }]]);
    sockets[0]?.receive('');
    sockets[0]?.receive('not json');
    sockets[0]?.receive('{"href":"ftp://x"}');
    expect(logger.error.mock.calls).toEqual([
      ['Empty overridden player message'],
      ['Overridden player message is not JSON'],
      ['Invalid overridden player message'],
    ]);
  });

  it('reconnects 5 s after a socket error, at most 3 attempts, then logs that it gives up', () => {
    const { sockets, logger } = setup({ websocket: PAIR });
    for (let attempt = 1; attempt <= 3; attempt++) {
      sockets[attempt - 1]?.fail();
      vi.advanceTimersByTime(4999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
    }
    expect(logger.error).not.toHaveBeenCalled();
    sockets[3]?.fail();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(4);
    expect(logger.error).toHaveBeenCalledWith('Max reconnect attempts reached');
  });

  it('does not reconnect after a clean close', () => {
    const { sockets, logger } = setup({ websocket: PAIR });
    sockets[0]?.onopen?.(new Event('open'));
    sockets[0]?.onclose?.({ wasClean: true, code: 1000 } as CloseEvent);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('counts attempts across successful opens: a flapping server ends in giving up', () => {
    const { sockets, logger } = setup({ websocket: PAIR });
    for (let i = 0; i < 10 && sockets[i] !== undefined; i++) {
      sockets[i]?.onopen?.(new Event('open'));
      sockets[i]?.fail();
      vi.advanceTimersByTime(5000);
    }
    expect(sockets).toHaveLength(4);
    expect(logger.error).toHaveBeenCalledWith('Max reconnect attempts reached');
  });

  it('takes a close without a close frame (a dropped connection) for a failure', () => {
    const { sockets } = setup({ websocket: PAIR });
    sockets[0]?.onopen?.(new Event('open'));
    sockets[0]?.onclose?.({ wasClean: false, code: 1006 } as CloseEvent);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects once per failed socket, however many events it fires', () => {
    const { sockets } = setup({ websocket: PAIR });
    sockets[0]?.onerror?.(new Event('error'));
    sockets[0]?.onclose?.({ wasClean: false, code: 1006 } as CloseEvent);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
  });

  it('stops: closes the socket and never reconnects', () => {
    const { sockets, stop } = setup({ websocket: PAIR });
    stop();
    expect(sockets[0]?.closed).toBe(true);
    sockets[0]?.fail();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops while a reconnect is pending: none is made', () => {
    const { sockets, stop } = setup({ websocket: PAIR });
    sockets[0]?.fail();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('logs a missing node and a node without websocket pair', () => {
    expect(setup(null).logger.error).toHaveBeenCalledWith('No overridden player provided');
    const noSocket = setup({ href: 'https://example.test/y' });
    expect(noSocket.logger.error).toHaveBeenCalledWith('No websocket URL provided');
    expect(noSocket.onMessage).toHaveBeenCalledWith({ href: 'https://example.test/y' });
    expect(noSocket.sockets).toHaveLength(0);
  });
});

describe('usesPlainSocket', () => {
  it('is plain on WebOS and on http pages only', () => {
    expect(usesPlainSocket('Mozilla/5.0 (Web0S; Linux/SmartTV)', 'https:', 'meet')).toBe(true);
    expect(usesPlainSocket('Chrome/120', 'http:', 'meet')).toBe(true);
    expect(usesPlainSocket('Chrome/120', 'https:', 'webos')).toBe(true);
    expect(usesPlainSocket('Chrome/120', 'https:', 'meet')).toBe(false);
  });
});
