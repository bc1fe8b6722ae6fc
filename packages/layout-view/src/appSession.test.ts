// The app side is played here in the documented wire format (docs/protocols/bridge.md §Messages), as an app with
// no library would speak it.
import { describe, expect, it, vi } from 'vitest';
import type { BridgeMessageEvent, BridgeSelf } from '@marquee/bridge';
import type { AppContext } from './appContext';
import { openAppSession } from './appSession';

const APP_ORIGIN = 'http://127.0.0.1:7001';
const CONTEXT: AppContext = {
  screen: { id: 'scr_1', name: 'Lobby', tags: [] },
  timezone: 'America/Phoenix',
  orientation: 'portrait',
  zone: { width: 540, height: 960 },
  config: { greeting: 'Hi' },
};

function setup() {
  const listeners = new Set<(event: BridgeMessageEvent) => void>();
  const self: BridgeSelf = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  /** What the content player posted to the app, parsed. */
  const received: unknown[] = [];
  const frame = { postMessage: (message: string) => received.push(JSON.parse(message)) };
  const onDone = vi.fn();
  const onProblem = vi.fn();
  const session = openAppSession({
    target: frame,
    origin: APP_ORIGIN,
    self,
    context: () => CONTEXT,
    onDone,
    onProblem,
  });
  const send = (body: unknown, origin = APP_ORIGIN, source: unknown = frame) =>
    listeners.forEach((listener) => listener({ data: JSON.stringify(body), origin, source }));
  const events = () =>
    received.flatMap((message) =>
      'event' in (message as object) ? [(message as { event: unknown }).event] : [],
    );
  const results = () =>
    received.flatMap((message) =>
      'result' in (message as object) ? [(message as { result: unknown }).result] : [],
    );
  const handshake = (from = 'app-1') => {
    send({ ping: { from, connection: 'c1' } });
    send({ subscribe: 'start' });
    send({ subscribe: 'stop' });
  };
  return { session, send, received, events, results, handshake, onDone, onProblem, listeners, frame };
}

describe('an app session', () => {
  it('tells a preloaded app start only when it comes on screen, and stop when it leaves, each spell', () => {
    const { session, received, events, handshake } = setup();
    handshake();
    expect(received[0]).toMatchObject({ pong: { to: 'app-1', connection: 'c1' } });
    expect(events()).toEqual([]);
    session.setActive(true);
    session.setActive(true);
    expect(events()).toEqual([{ type: 'start' }]);
    session.setActive(false);
    expect(events()).toEqual([{ type: 'start' }, { type: 'stop' }]);
    session.setActive(true);
    expect(events()).toEqual([{ type: 'start' }, { type: 'stop' }, { type: 'start' }]);
  });

  it('tells an app that subscribes while on screen start at once, and a reloaded one again', () => {
    const { session, events, handshake } = setup();
    session.setActive(true);
    expect(events()).toEqual([]);
    handshake('app-1');
    expect(events()).toEqual([{ type: 'start' }]);
    handshake('app-2');
    expect(events()).toEqual([{ type: 'start' }, { type: 'start' }]);
  });

  it('answers getContext with the context of the moment', () => {
    const { send, results, handshake } = setup();
    handshake();
    send({ call: { id: 'ctx', method: 'getContext', args: [] } });
    return vi.waitFor(() => expect(results()).toEqual([{ id: 'ctx', value: CONTEXT }]));
  });

  it('ends the slot on done() while on screen, and refuses it while preloaded', async () => {
    const { session, send, results, handshake, onDone } = setup();
    handshake();
    send({ call: { id: 1, method: 'done' } });
    await vi.waitFor(() => expect(results()).toEqual([{ id: 1, error: 'the app is not on screen' }]));
    expect(onDone).not.toHaveBeenCalled();
    session.setActive(true);
    send({ call: { id: 2, method: 'done' } });
    await vi.waitFor(() => expect(results()[1]).toEqual({ id: 2, value: null }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('restarts in place: stop, then start', () => {
    const { session, events, handshake } = setup();
    handshake();
    session.restart();
    expect(events()).toEqual([]);
    session.setActive(true);
    session.restart();
    expect(events()).toEqual([{ type: 'start' }, { type: 'stop' }, { type: 'start' }]);
  });

  it('ignores other origins and windows, and garbage; says stop and lets go when closed', () => {
    const { session, send, received, events, handshake, listeners, frame } = setup();
    send({ ping: { from: 'evil', connection: 'x' } }, 'http://127.0.0.1:6666');
    send({ ping: { from: 'evil', connection: 'x' } }, APP_ORIGIN, {});
    expect(received).toEqual([]);
    handshake();
    session.setActive(true);
    for (const data of ['{', 'null', '{"call":{}}'])
      listeners.forEach((l) => l({ data, origin: APP_ORIGIN, source: frame }));
    session.close();
    expect(events()).toEqual([{ type: 'start' }, { type: 'stop' }]);
    expect(listeners.size).toBe(0);
  });
});
