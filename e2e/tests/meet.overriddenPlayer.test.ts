// The meeting-room player's overridden-player socket against a real local websocket server in Chromium: a server
// that accepts and then fails every connection (a flapping one) is given up after 3 reconnects, and a server that
// closes the socket cleanly is not reconnected to.

import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { pairedMeet, setOverriddenPlayer } from './meet.support';
import { signUp, waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content']));
});
afterAll(() => stopStage({ server, browser }));

const GIVE_UP = 'Max reconnect attempts reached';

/** A websocket server on a free port that hands each connection to `onConnection`. */
async function socketServer(onConnection: (socket: WebSocket) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  let connections = 0;
  wss.on('connection', (socket) => {
    connections += 1;
    onConnection(socket);
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as AddressInfo).port;
  return {
    // The page is served over plain http: the first URL of the pair is the one used.
    pair: `ws://127.0.0.1:${port}/room|wss://127.0.0.1:${port}/room`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}

describe('meeting player: overridden player socket', () => {
  it('gives a flapping server up after 3 reconnects, 5 s apart, and logs it', async () => {
    // Accepts, then drops the connection without a close frame: an error for the page every time.
    const flapping = await socketServer((socket) => setTimeout(() => socket.terminate(), 200));
    const operator = await signUp(server);
    const { context, page, playerId, errors } = await pairedMeet(browser, server, operator, 'room-ws1');
    try {
      const startedAt = Date.now();
      await setOverriddenPlayer(server, operator, playerId, { websocket: flapping.pair });
      await waitFor(async () => errors.some((line) => line.includes(GIVE_UP)), 40_000);
      // The first connection and three reconnects, each after 5 s: no more, however often the server accepted.
      expect(flapping.connections()).toBe(4);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(15_000);
      await page.waitForTimeout(6000);
      expect(flapping.connections()).toBe(4);
    } finally {
      await flapping.close();
      await context.close();
    }
  });

  it('does not reconnect after the server closed the socket cleanly', async () => {
    const closing = await socketServer((socket) => setTimeout(() => socket.close(1000, 'bye'), 200));
    const operator = await signUp(server);
    const { context, page, playerId, errors } = await pairedMeet(browser, server, operator, 'room-ws2');
    try {
      await setOverriddenPlayer(server, operator, playerId, { websocket: closing.pair });
      await waitFor(async () => closing.connections() === 1);
      await page.waitForTimeout(7000);
      expect(closing.connections()).toBe(1);
      expect(errors.some((line) => line.includes(GIVE_UP))).toBe(false);
    } finally {
      await closing.close();
      await context.close();
    }
  });
});
