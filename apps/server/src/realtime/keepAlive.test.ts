// The hub's keep-alive over a real socket (hub.ts keepAlive, docs/protocols/realtime.md §Messages): a quiet socket
// is pinged at every interval, a socket the hub keeps hearing from is not (it is alive already, and a ping is a
// write on the server and a read on the client for nothing). Dropping a silent socket is in presence.test.ts.

import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectAs,
  newPlayer,
  startRealtimeApp,
  type RealtimeTestApp,
  type WireClient,
} from '../../test/harness/realtime';

const PING_MS = 400;
const IDLE_MS = 10 * PING_MS;

describe('keep-alive', () => {
  let test: RealtimeTestApp;
  afterEach(async () => {
    await test?.close();
  });

  async function connected(): Promise<{ client: WireClient; pings: () => number }> {
    test = await startRealtimeApp({ realtime: { pingIntervalMs: PING_MS, idleTimeoutMs: IDLE_MS } });
    const player = await newPlayer(test);
    const client = await connectAs(test, player.idToken);
    let pings = 0;
    client.socket.on('ping', () => pings++);
    return { client, pings: () => pings };
  }

  it('pings a quiet socket at every interval', async () => {
    const { client, pings } = await connected();
    await sleep(4 * PING_MS);
    // Four rounds in the window; a loaded machine may run one late.
    expect(pings()).toBeGreaterThanOrEqual(2);
    // Answered by the client's pongs, the quiet socket outlives the idle timeout's share of the wait.
    expect(test.app.realtimeHub.stats().connections).toBe(1);
    expect(await client.request({ t: 'time' })).toMatchObject({ ok: true });
  });

  it('does not ping a socket that keeps sending, and pings it once it goes quiet', async () => {
    const { client, pings } = await connected();
    // A request every 20 ms for four intervals: the hub never finds it quiet for half an interval.
    const busyUntil = Date.now() + 4 * PING_MS;
    while (Date.now() < busyUntil) {
      expect(await client.request({ t: 'time' })).toMatchObject({ ok: true });
      await sleep(20);
    }
    expect(pings()).toBe(0);
    await sleep(3 * PING_MS);
    expect(pings()).toBeGreaterThanOrEqual(1);
  });
});
