import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_NAME_TOO_LONG_ERROR, type AuthObject } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  bearer,
  playerDoc,
  registerPlayer,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';

describe('POST /api/v1/screens/pair', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Pairing Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const pair = (payload: unknown, token = operator.token) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/pair',
      headers: bearer(token),
      payload: payload as object,
    });
  const playerRow = (id: string) =>
    test.app.services.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('pairs the player showing the code, typed in lower case with a dash', async () => {
    const player = await registerPlayer(test.app, { name: 'Lobby' });
    const typed = `${player.code.slice(0, 3)}-${player.code.slice(3)}`.toLowerCase();
    const response = await pair({ code: typed });
    expect(response.statusCode).toBe(201);
    const screen = response.json();
    expect(screen).toMatchObject({
      name: 'Lobby',
      playerId: player.id,
      settings: { orientation: 'portrait' },
      content: { version: 1, items: [], sources: [] },
      status: {
        online: false,
        lastHeartbeatAt: null,
        heartbeatOverdue: true,
        platform: 'browser',
        model: 'Model X',
      },
    });

    const row = await playerRow(player.id);
    expect(row).toMatchObject({ pairing_code: null, screen_id: screen.id, org_id: operator.orgId });
    const stored = await test.app.services.db
      .selectFrom('screens')
      .selectAll()
      .where('id', '=', screen.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ org_id: operator.orgId, player_id: player.id, content_version: 1 });

    expect(await playerDoc(test.app, player.id)).toEqual({
      // No MARQUEE_PUBLIC_URL: the path alone, resolved by the player against the origin it was loaded from. The
      // timeline of a screen nothing is scheduled on: idle, in UTC until the player says its zone.
      app: {
        url: '/content/',
        data: {
          version: 1,
          timeline: {
            generatedAt: test.clock(),
            timezone: 'UTC',
            horizonEnd: expect.any(Number),
            rules: { timezone: 'UTC' },
            segments: { 0: { start: test.clock(), end: expect.any(Number), source: { kind: 'idle' } } },
          },
          // The screen, for apps' getContext() (docs/layouts.md §The player's form).
          screen: { id: screen.id, name: 'Lobby' },
        },
      },
      action_flags: { reset_credentials: true },
      settings: { name: 'Lobby', orientation: 'portrait' },
    });
  });

  it('names the screen as asked, in the document too', async () => {
    const player = await registerPlayer(test.app);
    const response = await pair({ code: player.code, name: 'Reception 🎉' });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Reception 🎉');
    expect(await playerDoc(test.app, player.id)).toMatchObject({ settings: { name: 'Reception 🎉' } });
  });

  it('records reset_credentials, acknowledged once the player rotates to tokens carrying org and screen', async () => {
    const player = await registerPlayer(test.app);
    const screen = (await pair({ code: player.code })).json();
    const commands = () =>
      test.app.inject({ url: `/api/v1/screens/${screen.id}/commands`, headers: bearer(operator.token) });
    expect((await commands()).json().commands).toEqual([
      expect.objectContaining({ command: 'reset_credentials', state: 'pending', acknowledgedAt: null }),
    ]);

    test.clock.advance(1000);
    const rotated = await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${player.id}/credentials`,
      headers: { authorization: player.auth.secret },
    });
    expect(rotated.statusCode).toBe(200);
    const claims = decodeJwt(rotated.json<AuthObject>().apiToken);
    expect(claims).toMatchObject({ sub: player.id, org_id: operator.orgId, screen_id: screen.id });
    expect((await commands()).json().commands).toEqual([
      expect.objectContaining({
        command: 'reset_credentials',
        state: 'acknowledged',
        acknowledgedAt: test.clock(),
      }),
    ]);
    expect(await playerDoc(test.app, player.id)).not.toHaveProperty('action_flags');
  });

  it('answers 404 naming the code when no screen waits with it, and for a code already used', async () => {
    const missing = await pair({ code: 'ZZZZ22' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'SCREEN_NOT_WAITING',
      message: 'No screen is waiting with code ZZZZ22',
    });

    const player = await registerPlayer(test.app);
    expect((await pair({ code: player.code })).statusCode).toBe(201);
    const again = await pair({ code: player.code });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(`No screen is waiting with code ${player.code}`);
  });

  it('does not pair a blocked player', async () => {
    const player = await registerPlayer(test.app);
    await test.app.services.db
      .updateTable('players')
      .set({ blocked: 1 })
      .where('id', '=', player.id)
      .execute();
    expect((await pair({ code: player.code })).statusCode).toBe(404);
    expect((await playerRow(player.id)).pairing_code).toBe(player.code);
  });

  it('pairs one code once when two operators race for it', async () => {
    const other = await signUpOperator(test.app, 'Racing Org');
    const player = await registerPlayer(test.app);
    const [first, second] = await Promise.all([
      pair({ code: player.code }),
      pair({ code: player.code }, other.token),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 404]);
    const screens = await test.app.services.db
      .selectFrom('screens')
      .select('id')
      .where('player_id', '=', player.id)
      .execute();
    expect(screens).toHaveLength(1);
  });

  it.each([
    [{ code: '12345' }, 'code', 'INVALID_PAIRING_CODE'],
    [{ code: 'ABCDE0' }, 'code', 'INVALID_PAIRING_CODE'],
    [{ code: 'ABCDEFG' }, 'code', 'INVALID_PAIRING_CODE'],
    [{ code: 'A'.repeat(33) }, 'code', 'VALIDATION_FAILED'],
    [{ code: 123456 }, 'code', 'VALIDATION_FAILED'],
    [{}, 'code', 'VALIDATION_FAILED'],
    [{ code: 'ABCDEF', extra: 1 }, 'body', 'VALIDATION_FAILED'],
    [{ code: 'ABCDEF', name: 7 }, 'name', 'VALIDATION_FAILED'],
  ])('refuses %j naming %s', async (payload, field, code) => {
    const response = await pair(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, field });
  });

  it('refuses a name over 120 characters with the message of docs/player.md §Orientation and name', async () => {
    const player = await registerPlayer(test.app);
    const response = await pair({ code: player.code, name: 'n'.repeat(121) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'name',
      message: `Invalid body.name: ${SCREEN_NAME_TOO_LONG_ERROR}`,
    });
    expect((await pair({ code: player.code, name: 'n'.repeat(120) })).statusCode).toBe(201);
  });

  it('requires an operator', async () => {
    const player = await registerPlayer(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/pair',
      payload: { code: player.code },
    });
    expect(response.statusCode).toBe(401);
    expect((await playerRow(player.id)).pairing_code).toBe(player.code);
  });
});

describe('POST /api/v1/screens/pair with MARQUEE_PUBLIC_URL set', () => {
  it('writes the absolute content player URL as app/url', async () => {
    const test = await startTestApp({ env: { MARQUEE_PUBLIC_URL: 'https://signs.example.com' } });
    try {
      const operator = await signUpOperator(test.app, 'Public URL Org');
      const player = await registerPlayer(test.app);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/screens/pair',
        headers: bearer(operator.token),
        payload: { code: player.code },
      });
      expect(response.statusCode).toBe(201);
      expect(await playerDoc(test.app, player.id)).toMatchObject({
        app: { url: 'https://signs.example.com/content/' },
      });
    } finally {
      await test.close();
    }
  });
});
