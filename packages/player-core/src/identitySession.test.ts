import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_SESSION_KEY, createIdentitySession } from './identitySession';
import { MemoryStorage } from './memoryStorage';
import { fakeJwt } from './testTokens';

const MINUTE = 60_000;
const idToken = (n: number) => fakeJwt({ sub: 'player-1', n });

interface Call {
  url: string;
  init: RequestInit;
}

function identityServer(answers: Array<(call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${url}`);
    return answer(call);
  });
  return { calls, fetchImpl };
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });
const fail = (message: string) => () =>
  new Response(JSON.stringify({ error: { code: 400, message } }), { status: 400 });
const signIn = (n: number, expiresIn = 3600) =>
  ok({ idToken: idToken(n), refreshToken: `r${n}`, expiresIn: String(expiresIn) });
const refreshed = (n: number, expiresIn = 3600) =>
  ok({ id_token: idToken(n), refresh_token: `r${n}`, expires_in: String(expiresIn) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('createIdentitySession', () => {
  it('signs in with the custom token and persists the session under the provider prefix', async () => {
    const storage = new MemoryStorage();
    const { calls, fetchImpl } = identityServer([signIn(1)]);
    const session = createIdentitySession({
      identityUrl: 'http://id.test/identity/v1',
      storage,
      fetch: fetchImpl,
    });
    const identity = await session.signInWithCustomToken('custom');
    expect(calls[0]?.url).toBe('http://id.test/identity/v1/accounts:signInWithCustomToken');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ token: 'custom', returnSecureToken: true });
    expect(identity).toMatchObject({ uid: 'player-1', refreshToken: 'r1', expiresAt: 3600_000 });
    expect(session.uid).toBe('player-1');
    expect(IDENTITY_SESSION_KEY.startsWith('firebase:')).toBe(true);
    expect(JSON.parse(storage.getItem(IDENTITY_SESSION_KEY) ?? '')).toEqual(identity);
    session.close();
  });

  it('refreshes form-encoded exactly 5 minutes before expiry', async () => {
    const { calls, fetchImpl } = identityServer([signIn(1), refreshed(2)]);
    const session = createIdentitySession({ identityUrl: 'http://id', storage: null, fetch: fetchImpl });
    await session.signInWithCustomToken('c');
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]?.url).toBe('http://id/token');
    expect(calls[1]?.init.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(calls[1]?.init.body).toBe('grant_type=refresh_token&refresh_token=r1');
    await expect(session.getIdToken()).resolves.toBe(idToken(2));
    session.close();
  });

  it('treats the token as expired 30 s early and refreshes on demand', async () => {
    const { calls, fetchImpl } = identityServer([signIn(1, 400), refreshed(2)]);
    const session = createIdentitySession({ identityUrl: 'http://id', storage: null, fetch: fetchImpl });
    await session.signInWithCustomToken('c');
    session.close(); // no proactive refresh: only the on-demand one
    vi.setSystemTime(400_000 - 30_001);
    await expect(session.getIdToken()).resolves.toBe(idToken(1));
    vi.setSystemTime(400_000 - 30_000);
    await expect(session.getIdToken()).resolves.toBe(idToken(2));
    expect(calls).toHaveLength(2);
  });

  it('backs off 30 s doubling to 16 minutes while refreshes fail, and resets after a success', async () => {
    const failures = Array.from({ length: 7 }, () => fail('INTERNAL'));
    const { calls, fetchImpl } = identityServer([signIn(1, 300), ...failures, refreshed(2), fail('X')]);
    const session = createIdentitySession({ identityUrl: 'http://id', storage: null, fetch: fetchImpl });
    await session.signInWithCustomToken('c'); // expires in 5 min: refresh at once
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    const delays = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000];
    for (const [index, delay] of delays.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(calls).toHaveLength(2 + index);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(3 + index);
    }
    expect(session.uid).toBe('player-1');
    session.close();
  });

  it.each(['USER_DISABLED', 'TOKEN_EXPIRED'])('signs out when the provider answers %s', async (code) => {
    const storage = new MemoryStorage();
    const onSignedOut = vi.fn();
    const { fetchImpl } = identityServer([signIn(1, 300), fail(code)]);
    const session = createIdentitySession({
      identityUrl: 'http://id',
      storage,
      fetch: fetchImpl,
      onSignedOut,
    });
    await session.signInWithCustomToken('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(onSignedOut).toHaveBeenCalledWith(expect.objectContaining({ code }));
    expect(session.uid).toBeNull();
    expect(storage.getItem(IDENTITY_SESSION_KEY)).toBeNull();
    await expect(session.getIdToken()).resolves.toBeNull();
  });

  it.each([
    [false, 30_000],
    [true, 60_000],
  ])('times a request out (mobile %s) after %i ms', async (mobile, timeout) => {
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const session = createIdentitySession({
      identityUrl: 'http://id',
      storage: null,
      fetch: fetchImpl,
      mobile,
    });
    const result = session.signInWithCustomToken('c').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(timeout - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ code: 'TIMEOUT_EXCEEDED' });
  });

  it('restores a persisted session and schedules its refresh', async () => {
    const storage = new MemoryStorage();
    storage.setItem(
      IDENTITY_SESSION_KEY,
      JSON.stringify({ uid: 'player-1', idToken: idToken(1), refreshToken: 'r1', expiresAt: 10 * MINUTE }),
    );
    const { calls, fetchImpl } = identityServer([refreshed(2)]);
    const session = createIdentitySession({ identityUrl: 'http://id', storage, fetch: fetchImpl });
    expect(session.uid).toBe('player-1');
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(calls).toHaveLength(1);
    session.close();
  });
});
