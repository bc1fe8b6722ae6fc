// The early listens against the real server: sent with the socket's authentication, handed over to a view that
// listens later (its value at once, no second listen), and released without ending the view's listen.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerAndSignIn, startServer, type MarqueeServer } from '@marquee/testbed';
import { createDatabase, onValue, ref, type Database } from '@marquee/realtime';
import { createLogger } from './logger';
import { prelisten } from './prelisten';
import { playerValuePath } from './useRealtimeValue';

const logger = createLogger({
  service: 'test',
  level: () => 0,
  console: { error() {}, warn() {}, info() {}, debug() {}, log() {} },
});

let server: MarqueeServer;
beforeAll(async () => {
  server = await startServer({ name: 'prelisten test server', env: { MARQUEE_LOG_LEVEL: 'silent' } });
});
afterAll(async () => server?.close());

/** A database on the real socket that notes every request frame it sends. */
function openDatabase(idToken: string): { db: Database; sent: Array<{ t: string; path?: string }> } {
  const sent: Array<{ t: string; path?: string }> = [];
  class RecordingSocket extends WebSocket {
    override send(data: string): void {
      sent.push(JSON.parse(data) as { t: string; path?: string });
      super.send(data);
    }
  }
  const db = createDatabase({
    url: `${server.origin.replace(/^http/, 'ws')}/realtime`,
    restUrl: server.origin,
    getToken: () => Promise.resolve(idToken),
    WebSocketImpl: RecordingSocket,
    logger,
  });
  return { db, sent };
}

const until = async (check: () => boolean, what: string) => {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5_000) throw new Error(`${what} not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('prelisten', () => {
  it('listens from the start, hands the value to a later view at once, and leaves that view listening', async () => {
    const player = await registerAndSignIn(server.origin);
    const { db, sent } = openDatabase(player.idToken);
    try {
      const codePath = playerValuePath(player.id, 'pairing/code');
      const release = prelisten({ db, playerId: player.id, logger }, ['pairing/code', 'settings']);
      // Sent as the socket authenticates, with no view listening yet.
      await until(() => sent.some((frame) => frame.t === 'listen' && frame.path === codePath), 'the listen');
      expect(sent.findIndex((frame) => frame.t === 'auth')).toBeLessThan(
        sent.findIndex((frame) => frame.t === 'listen'),
      );
      // Let the answer arrive, then a view listens: the code comes from the held listen.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const values: unknown[] = [];
      const stop = onValue(ref(db, codePath), (snapshot) => values.push(snapshot.val()));
      await Promise.resolve();
      await Promise.resolve();
      expect(values).toHaveLength(1);
      expect(String(values[0])).toMatch(/^[A-Z0-9]{6}$/);
      expect(sent.filter((frame) => frame.t === 'listen' && frame.path === codePath)).toHaveLength(1);

      release();
      release(); // a second release does nothing
      const settingsPath = playerValuePath(player.id, 'settings');
      await until(() => sent.some((frame) => frame.t === 'unlisten'), 'the unlisten of settings');
      expect(sent.filter((frame) => frame.t === 'unlisten').map((frame) => frame.path)).toEqual([
        settingsPath,
      ]);

      stop();
      await until(
        () => sent.some((frame) => frame.t === 'unlisten' && frame.path === codePath),
        "the code's unlisten once the view goes",
      );
    } finally {
      db.close();
    }
  });

  it('logs and skips a path it cannot listen to, and listens to the rest', async () => {
    const warnings: string[] = [];
    const { db, sent } = openDatabase('not-a-token');
    try {
      const release = prelisten(
        { db, playerId: 'a/b', logger: { warn: (message: string) => warnings.push(message) } },
        ['settings'],
      );
      expect(warnings).toEqual(['realtime listen settings refused']);
      release();
      expect(sent.filter((frame) => frame.t === 'listen')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
