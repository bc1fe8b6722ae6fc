// What the bridge accepts from peers that are not Marquee bridges (docs/protocols/bridge.md §Tolerances): a native
// wrapper on the common open-source implementation of this protocol, or one that adds fields of its own. The peer
// here is raw: it posts exactly the JSON text such a wrapper posts, and reads what the bridge posts back.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWindow, flush, link } from '../test/fakeWindows';
import { createBridge, type Bridge } from './bridge';
import { encodeMessage, parseMessage } from './messages';

const PLAYER_ORIGIN = 'http://127.0.0.1:5000';
const PARENT_ORIGIN = 'http://127.0.0.1:5002';

let bridges: Bridge[];

beforeEach(() => {
  vi.useFakeTimers();
  bridges = [];
});
afterEach(() => {
  for (const b of bridges) b.close();
  vi.useRealTimers();
});

/** The player's bridge towards a raw parent, and a way to post as that parent. */
function playerWithRawParent(options: { onConnect?: (peer: unknown) => void } = {}) {
  const player = new FakeWindow(PLAYER_ORIGIN);
  const parent = new FakeWindow(PARENT_ORIGIN);
  const { toB: toParent, toA: toPlayer } = link(player, parent);
  const b = createBridge({
    target: toParent,
    targetOrigin: PARENT_ORIGIN,
    self: player,
    id: 'player',
    expose: { getPairingCode: () => 'ABC234' },
    ...(options.onConnect ? { onConnect: options.onConnect } : {}),
  });
  bridges.push(b);
  const post = (data: unknown) => toPlayer.postMessage(JSON.stringify(data), PLAYER_ORIGIN);
  return { bridge: b, toParent, post };
}

/** Answers every ping the way the common implementation does: no `from`, the connection echoed. */
function answerPingsWithoutFrom(
  toParent: { posted: { message: string }[] },
  post: (data: unknown) => void,
  extra: Record<string, unknown> = {},
) {
  let answered = 0;
  return () => {
    for (const { message } of toParent.posted.slice(answered)) {
      const ping = (JSON.parse(message) as { ping?: { from: string; connection?: unknown } }).ping;
      if (ping) post({ pong: { to: ping.from, connection: ping.connection, ...extra } });
    }
    answered = toParent.posted.length;
  };
}

describe('a parent whose pong has no from (the common implementation)', () => {
  it('connects, treats it as one stable peer and calls it', async () => {
    const onConnect = vi.fn();
    const { bridge: b, toParent, post } = playerWithRawParent({ onConnect });
    const connecting = b.connect();
    const answer = answerPingsWithoutFrom(toParent, post);
    answer();
    await flush();
    await expect(connecting).resolves.toBeUndefined();
    expect(b.peer).toEqual({ id: null, origin: PARENT_ORIGIN });

    // A later ping from the same id-less peer is the same peer: no second session.
    post({ ping: { connection: 'x' } }); // no from: not a handshake anyone can be answered on
    post({ pong: { to: 'player', connection: '1' } });
    await flush();
    expect(onConnect).toHaveBeenCalledTimes(1);

    const result = b.call<string>('getModel');
    await flush();
    const call = JSON.parse(toParent.posted.at(-1)?.message ?? '{}') as { call: { id: number } };
    expect(call.call).toMatchObject({ method: 'getModel', args: [] });
    post({ result: { id: call.call.id, value: 'Chromebox' } });
    await flush();
    await expect(result).resolves.toBe('Chromebox');
  });

  it('accepts a null from the same way', async () => {
    const { bridge: b, post } = playerWithRawParent();
    const connecting = b.connect();
    post({ pong: { to: 'player', from: null, connection: '1' } });
    await flush();
    await expect(connecting).resolves.toBeUndefined();
    expect(b.peer?.id).toBeNull();
  });

  it('still sends the documented wire format itself', async () => {
    const { bridge: b, toParent, post } = playerWithRawParent();
    const connecting = b.connect();
    answerPingsWithoutFrom(toParent, post)();
    await flush();
    await connecting;
    post({ ping: { from: 'native-1', connection: 7 } });
    await flush();
    expect(toParent.posted.map((p) => p.message)).toEqual([
      '{"ping":{"from":"player","connection":"1"}}',
      '{"pong":{"to":"native-1","from":"player","connection":7}}',
    ]);
  });
});

describe('a parent that adds fields of its own to every message kind', () => {
  it('connects, answers its calls, takes its results, events and subscriptions', async () => {
    const { bridge: b, toParent, post } = playerWithRawParent();
    const heard = vi.fn();
    b.on('mute', heard);
    const connecting = b.connect();
    answerPingsWithoutFrom(toParent, post, { from: 'native', vendor: 'acme', seq: 1 })();
    await flush();
    await expect(connecting).resolves.toBeUndefined();
    expect(b.peer?.id).toBe('native');

    const model = b.call<string>('getModel');
    await flush();
    const { call } = JSON.parse(toParent.posted.at(-1)?.message ?? '{}') as { call: { id: number } };
    post({ result: { id: call.id, value: 'M1', elapsed: 3 }, seq: 2 });
    post({ event: { type: 'mute', data: true, at: 5 }, seq: 3 });
    post({ subscribe: 'pairingCode', seq: 4 });
    post({ call: { id: 'n-1', method: 'getPairingCode', args: [], trace: 'abc' }, seq: 5 });
    await flush();
    await expect(model).resolves.toBe('M1');
    expect(heard).toHaveBeenCalledWith(true);
    expect(b.isSubscribed('pairingCode')).toBe(true);
    expect(toParent.posted.at(-1)?.message).toBe('{"result":{"id":"n-1","value":"ABC234"}}');
    post({ unsubscribe: 'pairingCode', seq: 6 });
    await flush();
    expect(b.isSubscribed('pairingCode')).toBe(false);
  });
});

describe('members absent or null where the meaning is clear', () => {
  const parse = (data: unknown) => parseMessage(JSON.stringify(data), 10_000);

  it('reads null call arguments as none, and a null result value or error as a plain answer', () => {
    expect(parse({ call: { id: 1, method: 'm', args: null } })).toEqual({
      kind: 'call',
      id: 1,
      method: 'm',
      args: [],
    });
    expect(parse({ result: { id: 1, value: null, error: null } })).toEqual({
      kind: 'result',
      id: 1,
      ok: true,
      value: null,
    });
  });

  it('echoes a connection tag of any JSON kind', () => {
    const message = parse({ ping: { from: 'a', connection: { attempt: 2 } } });
    expect(message).toEqual({ kind: 'ping', from: 'a', connection: { attempt: 2 } });
    expect(encodeMessage({ kind: 'pong', to: 'a', from: 'b', connection: { attempt: 2 } })).toBe(
      '{"pong":{"to":"a","from":"b","connection":{"attempt":2}}}',
    );
  });

  it('settles a call whose result echoes its numeric id as a string', async () => {
    const { bridge: b, toParent, post } = playerWithRawParent();
    const connecting = b.connect();
    answerPingsWithoutFrom(toParent, post)();
    await flush();
    await connecting;
    const result = b.call('getModel');
    await flush();
    const { call } = JSON.parse(toParent.posted.at(-1)?.message ?? '{}') as { call: { id: number } };
    post({ result: { id: String(call.id), value: 'M2' } });
    await flush();
    await expect(result).resolves.toBe('M2');
  });

  it('still ignores what has no clear meaning', () => {
    expect(parse({ ping: { connection: '1' } })).toBeUndefined(); // nobody to answer
    expect(parse({ pong: { from: 'b' } })).toBeUndefined(); // answer to whom?
    expect(parse({ ping: { from: 'a' }, pong: { to: 'a' } })).toBeUndefined(); // two kinds at once
    expect(parse({ call: { id: 1, method: 'm', args: { 0: 1 } } })).toBeUndefined();
    expect(parse({ event: { data: 1 } })).toBeUndefined();
    expect(parse({ vendor: 'acme' })).toBeUndefined();
  });
});
