import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerDocumentPath } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  bearer,
  pairedScreen,
  registerPlayer,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';

describe('/api/v1/players/{playerId}/block and /unblock', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Meeting Rooms');
  });
  afterAll(async () => {
    await test.close();
  });

  const post = (playerId: string, action: 'block' | 'unblock', token = operator.token) =>
    test.app.inject({ method: 'POST', url: `/api/v1/players/${playerId}/${action}`, headers: bearer(token) });
  const blocked = async (playerId: string) =>
    (
      await test.app.services.db
        .selectFrom('players')
        .select('blocked')
        .where('id', '=', playerId)
        .executeTakeFirstOrThrow()
    ).blocked;
  const heartbeat = (playerId: string, token: string) =>
    test.app.inject({
      method: 'POST',
      url: `/_internal/players/${playerId}/heartbeat`,
      headers: { authorization: token },
    });

  it('blocks a player of the organisation: its calls answer 403 until it is unblocked', async () => {
    const { player } = await pairedScreen(test.app, operator);
    const response = await post(player.id, 'block');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ playerId: player.id, blocked: true });
    expect(await blocked(player.id)).toBe(1);
    expect((await heartbeat(player.id, player.auth.apiToken)).statusCode).toBe(403);

    expect((await post(player.id, 'unblock')).json()).toEqual({ playerId: player.id, blocked: false });
    expect((await heartbeat(player.id, player.auth.apiToken)).statusCode).toBe(200);
  });

  it('blocks a new registration of a device sharing the hardware id of one of its players', async () => {
    const hardwareId = `hw-${Date.now()}`;
    const paired = await registerPlayer(test.app, { hardwareId });
    await test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/pair',
      headers: bearer(operator.token),
      payload: { code: paired.code },
    });
    await test.app.services.db
      .updateTable('orgs')
      .set({ allow_clone_screen_by_hardware_id: 1 })
      .where('id', '=', operator.orgId)
      .execute();
    const clone = await registerPlayer(test.app, { hardwareId });
    expect((await post(clone.id, 'block')).statusCode).toBe(200);
    const again = await test.app.inject({
      method: 'POST',
      url: '/_internal/players',
      remoteAddress: '10.200.0.1',
      payload: {
        device: { id: 'another-device', model: '', platform: 'meet', device: { hardware_id: hardwareId } },
      },
    });
    expect(again.statusCode).toBe(403);
  });

  it('answers 404 for a player the organisation has not seen, and for an unknown one', async () => {
    const stranger = await registerPlayer(test.app);
    const other = await signUpOperator(test.app, 'Other');
    const { player: theirs } = await pairedScreen(test.app, other);
    for (const id of [stranger.id, theirs.id, 'no-such-player']) {
      const response = await post(id, 'block');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PLAYER_NOT_FOUND');
    }
    expect(await blocked(stranger.id)).toBe(0);
    expect(await blocked(theirs.id)).toBe(0);
  });

  it('refuses a malformed player id and a caller without a token', async () => {
    expect((await post('bad.id', 'block')).statusCode).toBe(400);
    const { player } = await pairedScreen(test.app, operator);
    const anonymous = await test.app.inject({ method: 'POST', url: `/api/v1/players/${player.id}/block` });
    expect(anonymous.statusCode).toBe(401);
    expect(await blocked(player.id)).toBe(0);
  });
});

describe('/api/v1/players/{playerId}/app_token and /overridden_player (meeting variant)', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Meeting Rooms');
  });
  afterAll(async () => {
    await test.close();
  });

  const put = (playerId: string, node: string, payload: unknown, token = operator.token) =>
    test.app.inject({
      method: 'PUT',
      url: `/api/v1/players/${playerId}/${node}`,
      headers: bearer(token),
      payload: payload as object,
    });
  const tree = async (playerId: string) =>
    (await test.app.services.documents.get(playerDocumentPath(playerId))).value as Record<string, unknown>;

  it('writes and clears app/token', async () => {
    const { player } = await pairedScreen(test.app, operator);
    const set = await put(player.id, 'app_token', { token: 'room-token' });
    expect(set.json()).toEqual({ playerId: player.id, token: 'room-token' });
    expect((await tree(player.id)).app).toMatchObject({ token: 'room-token' });
    expect((await put(player.id, 'app_token', { token: null })).statusCode).toBe(200);
    expect((await tree(player.id)).app).not.toHaveProperty('token');
    expect((await put(player.id, 'app_token', { token: '' })).statusCode).toBe(400);
  });

  it('writes a valid overridden player, refuses a bad websocket pair, and clears it with null', async () => {
    const { player } = await pairedScreen(test.app, operator);
    const value = { websocket: 'ws://127.0.0.1:9000/a|wss://example.test/a', href: 'https://example.test/x' };
    expect((await put(player.id, 'overridden_player', { value })).statusCode).toBe(200);
    expect((await tree(player.id)).overridden_player).toEqual(value);
    const bad = await put(player.id, 'overridden_player', { value: { websocket: 'ws://only-one' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'INVALID_OVERRIDDEN_PLAYER' } });
    expect((await put(player.id, 'overridden_player', { value: null })).statusCode).toBe(200);
    expect((await tree(player.id)).overridden_player).toBeUndefined();
  });

  it('answers 404 for a player of another organisation', async () => {
    const other = await signUpOperator(test.app, 'Elsewhere');
    const { player } = await pairedScreen(test.app, other);
    expect((await put(player.id, 'app_token', { token: 't' })).statusCode).toBe(404);
    expect((await put(player.id, 'overridden_player', { value: null })).statusCode).toBe(404);
  });
});
