// The node's admission of connections (http/admission.ts) as the app wires it: a realtime connection holds its place
// until its first request is answered (not merely upgraded), an HTTP connection until its first response, and the
// connections waiting behind them are served in turn.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import {
  WireClient,
  newPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';

/** Lets the loop run a few turns: whatever was going to happen by now has. */
async function turns(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A WebSocket opening, and whether it is open yet. */
function opening(url: string): { opened: () => boolean; client: Promise<WireClient> } {
  let opened = false;
  const client = WireClient.connect(url).then((connected) => {
    opened = true;
    return connected;
  });
  return { opened: () => opened, client };
}

describe('admission of connections on the app', () => {
  let test: RealtimeTestApp;
  let player: RealtimePlayer;
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    test = await startRealtimeApp({ admission: { maxSettingUp: 1 } });
    player = await newPlayer(test);
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await test.close();
  });

  /** An upgraded socket that has sent nothing yet, and a second one waiting behind it for the node's one place. */
  async function secondBehindFirst() {
    const first = await WireClient.connect(test.url);
    sockets.push(first.socket);
    const second = opening(test.url);
    await turns();
    expect(second.opened()).toBe(false);
    expect(test.app.admission.stats()).toEqual({ settingUp: 1, waiting: 1, shed: 0 });
    expect(test.app.admission.busy()).toBe(true);
    return { first, second };
  }

  it('holds the next connection until the first one is answered its authentication', async () => {
    const { first, second } = await secondBehindFirst();

    await first.ok({ t: 'auth', token: player.idToken });
    const client = await second.client;
    sockets.push(client.socket);
    expect(await client.ok({ t: 'auth', token: player.idToken })).toMatchObject({ uid: player.id });
    expect(test.app.admission.stats()).toEqual({ settingUp: 0, waiting: 0, shed: 0 });
    // Nothing setting up: closed connections' onDisconnect work is no longer held back for it.
    expect(test.app.admission.busy()).toBe(false);
  });

  it('a refused authentication ends the setup too', async () => {
    const { first, second } = await secondBehindFirst();

    const refused = await first.request({ t: 'auth', token: 'not a token' });
    expect(refused).toMatchObject({ ok: false, code: 'unauthenticated' });
    sockets.push((await second.client).socket);
  });

  it('serves an HTTP request behind a connection setting up, then the next behind the HTTP one', async () => {
    const first = await WireClient.connect(test.url);
    sockets.push(first.socket);
    let answered = false;
    const health = fetch(`${test.origin}/healthz`).then(async (response) => {
      answered = true;
      return response.status;
    });
    await turns();
    expect(answered).toBe(false);

    await first.ok({ t: 'time' });
    expect(await health).toBe(200);
    // Its response ended its setup: the next connection is served at once.
    const next = await WireClient.connect(test.url);
    sockets.push(next.socket);
    expect(test.app.admission.stats().waiting).toBe(0);
  });
});
