// Where API keys do not work (docs/teams.md §API keys): the player API, the identity routes and the realtime
// database take their own credentials and refuse a key, even a live admin one.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApiKey } from '../../test/harness/apiKeys';
import { bearer } from '../../test/harness/management';
import {
  WireClient,
  operatorWithPlayer,
  startRealtimeApp,
  type RealtimePlayer,
  type RealtimeTestApp,
} from '../../test/harness/realtime';
import type { TestApiKey } from '../../test/harness/apiKeys';

describe('an API key outside /api/v1', () => {
  let test: RealtimeTestApp;
  let player: RealtimePlayer;
  let key: TestApiKey;

  beforeEach(async () => {
    test = await startRealtimeApp();
    const made = await operatorWithPlayer(test);
    player = made.player;
    key = await makeApiKey(test.app, made.operator, 'admin');
    // Live on the management API, so each refusal below is the boundary's and not a bad key's.
    expect((await test.app.inject({ url: '/api/v1/screens', headers: bearer(key.key) })).statusCode).toBe(
      200,
    );
  });
  afterEach(async () => {
    await test.close();
  });

  it('is refused by the player API with 401 and a message that says why', async () => {
    for (const authorization of [key.key, `Bearer ${key.key}`]) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/_internal/players/${player.id}/heartbeat`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('API_KEY_NOT_ACCEPTED');
      expect(response.body).toContain('/api/v1');
    }
    // The player's own token still works there.
    const own = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${player.id}/heartbeat`,
      headers: { authorization: player.apiToken },
    });
    expect(own.statusCode).toBe(200);
  });

  it('is no ID token or refresh token to the identity routes', async () => {
    const lookup = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:lookup',
      payload: { idToken: key.key },
    });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.body).toContain('INVALID_ID_TOKEN');
    const refresh = await test.app.inject({
      method: 'POST',
      url: '/identity/v1/token',
      payload: { grant_type: 'refresh_token', refresh_token: key.key },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.body).not.toContain('id_token');
  });

  it('opens nothing in the realtime database, over REST or over the socket', async () => {
    const path = `players/${player.id}/settings.json`;
    const rest = await test.app.inject({ url: `/db/${path}?auth=${encodeURIComponent(key.key)}` });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({ error: 'Permission denied' });

    const socket = await WireClient.connect(test.url);
    try {
      expect(await socket.request({ t: 'auth', token: key.key })).toMatchObject({ code: 'unauthenticated' });
    } finally {
      await socket.close();
    }
  });
});
