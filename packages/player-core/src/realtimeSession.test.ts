import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_SESSION_KEY } from './identitySession';
import { createLogger } from './logger';
import { MemoryStorage } from './memoryStorage';
import { startRealtimeSession } from './realtimeSession';
import { fakeJwt } from './testTokens';

/** A socket that never opens: these tests are about who signs in, not about the realtime protocol. */
class SilentSocket extends EventTarget {
  readyState = 0;
  send() {}
  close() {}
}

const config = {
  identityUrl: 'http://s.test/identity/v1',
  realtimeUrl: 'ws://s.test/realtime',
  apiUrl: 'http://s.test',
};
const auth = { apiToken: fakeJwt({ sub: 'p1' }), firebaseTokenV2: 'custom-p1', secret: 's' };
const logger = createLogger({
  service: 'test',
  level: () => 0,
  console: { error() {}, warn() {}, info() {}, debug() {}, log() {} },
});
let signIns: unknown[];

beforeEach(() => {
  signIns = [];
  vi.stubGlobal('WebSocket', SilentSocket);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    signIns.push(JSON.parse(String(init.body)));
    expect(url).toBe('http://s.test/identity/v1/accounts:signInWithCustomToken');
    return new Response(
      JSON.stringify({ idToken: fakeJwt({ sub: 'p1' }), refreshToken: 'r', expiresIn: '3600' }),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

function storedSession(uid: string): MemoryStorage {
  const storage = new MemoryStorage();
  const identity = {
    uid,
    idToken: fakeJwt({ sub: uid }),
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
  };
  storage.setItem(IDENTITY_SESSION_KEY, JSON.stringify(identity));
  return storage;
}

describe('startRealtimeSession', () => {
  it("keeps the stored identity of the same player when asked to (the general player's offline start)", async () => {
    const session = startRealtimeSession({
      config,
      auth,
      identityStorage: storedSession('p1'),
      localCopy: null,
      reuseSession: true,
      logger,
      onSignedOut: () => {},
    });
    await expect(session.signIn).resolves.toBe('p1');
    expect(signIns).toEqual([]);
    session.db.close();
    session.identity.close();
  });

  it("signs in with the custom token when the stored identity is another player's, or when told to", async () => {
    for (const [stored, reuseSession] of [
      ['p0', true],
      ['p1', false],
    ] as const) {
      const session = startRealtimeSession({
        config,
        auth,
        identityStorage: storedSession(stored),
        localCopy: null,
        reuseSession,
        logger,
        onSignedOut: () => {},
      });
      expect(session.tokenPlayerId).toBe('p1');
      await expect(session.signIn).resolves.toBe('p1');
      session.db.close();
      session.identity.close();
    }
    expect(signIns).toEqual([
      { token: 'custom-p1', returnSecureToken: true },
      { token: 'custom-p1', returnSecureToken: true },
    ]);
  });
});
