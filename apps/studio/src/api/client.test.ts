import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client';
import { createSessionStore } from './sessionStore';
import type { Session } from './types';

const NOW = 1_700_000_000_000;
const session = (expiresAt: number): Session => ({
  idToken: 'old-id',
  refreshToken: 'refresh-1',
  expiresAt,
  user: { id: 'u1', email: 'a@b.c' },
  org: { id: 'o1', name: 'Org' },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>, start: Session | null) {
  const sessions = createSessionStore(null);
  sessions.set(start);
  const api = createApiClient({
    apiUrl: 'http://s',
    identityUrl: 'http://s/identity/v1',
    sessions,
    fetchImpl,
    clock: () => NOW,
  });
  return { api, sessions };
}

describe('createApiClient', () => {
  it("turns the server's error body into an ApiError with its code, message and field", async () => {
    const fetchImpl = vi.fn(async () =>
      json(400, {
        error: {
          code: 'INVALID_PAIRING_CODE',
          message: 'A pairing code is 6 letters and digits',
          field: 'code',
        },
      }),
    );
    const { api } = client(fetchImpl, session(NOW + 3600_000));
    const error = await api.send('POST', '/screens/pair', { code: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_PAIRING_CODE',
      message: 'A pairing code is 6 letters and digits',
      field: 'code',
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://s/api/v1/screens/pair',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('refreshes a token about to expire before the request', async () => {
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/token')) {
        expect(init?.body).toBe('grant_type=refresh_token&refresh_token=refresh-1');
        return json(200, { id_token: 'new-id', refresh_token: 'refresh-2', expires_in: '3600' });
      }
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer new-id');
      return json(200, { screens: [] });
    });
    const { api, sessions } = client(fetchImpl, session(NOW + 30_000));
    await expect(api.get('/screens')).resolves.toEqual({ screens: [] });
    expect(sessions.get()).toMatchObject({
      idToken: 'new-id',
      refreshToken: 'refresh-2',
      expiresAt: NOW + 3600_000,
    });
  });

  it('signs out when the refresh token is refused', async () => {
    const fetchImpl = vi.fn(async (url: string) =>
      url.endsWith('/token') ? json(400, { error: { message: 'TOKEN_EXPIRED' } }) : json(401, {}),
    );
    const { api, sessions } = client(fetchImpl, session(NOW + 3600_000));
    await expect(api.get('/screens')).rejects.toMatchObject({ status: 401 });
    expect(sessions.get()).toBeNull();
  });

  it('says the server cannot be reached when the network fails', async () => {
    const { api } = client(() => Promise.reject(new TypeError('Failed to fetch')), session(NOW + 3600_000));
    await expect(api.get('/screens')).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'The Marquee server cannot be reached. Check your connection and try again.',
    });
  });

  it('keeps the session from sign-in with its expiry', async () => {
    const { api, sessions } = client(
      async () =>
        json(200, {
          idToken: 'id',
          refreshToken: 'r',
          expiresIn: 3600,
          user: { id: 'u', email: 'e@x.y' },
          org: { id: 'o', name: 'O' },
        }),
      null,
    );
    await api.signIn('e@x.y', 'pw');
    expect(sessions.get()).toEqual({
      idToken: 'id',
      refreshToken: 'r',
      expiresAt: NOW + 3600_000,
      user: { id: 'u', email: 'e@x.y' },
      org: { id: 'o', name: 'O' },
    });
  });
});
