import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_FLAG_PRIORITY } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { raiseBulkCommand } from '../screens/screenCommands';
import {
  bearer,
  pairedScreen,
  playerDoc,
  signUpOperator,
  type TestOperator,
} from '../../test/harness/management';

describe('/api/v1/screens/{id}/commands', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Commands Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const raise = (screenId: string, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/screens/${screenId}/commands`,
      headers: bearer(operator.token),
      payload: payload as object,
    });
  const list = async (screenId: string) =>
    (
      await test.app.inject({ url: `/api/v1/screens/${screenId}/commands`, headers: bearer(operator.token) })
    ).json().commands;

  it.each(ACTION_FLAG_PRIORITY.map((flag) => [flag]))(
    'raises %s as an action flag and records it',
    async (flag) => {
      const { screenId, player } = await pairedScreen(test.app, operator);
      test.clock.advance(1000);
      const response = await raise(screenId, { command: flag });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        command: flag,
        param: true,
        state: 'pending',
        raisedAt: test.clock(),
        acknowledgedAt: null,
      });
      expect(await playerDoc(test.app, player.id)).toMatchObject({ action_flags: { [flag]: true } });
    },
  );

  it('passes a parameter as the flag value (screenshot)', async () => {
    const { screenId, player } = await pairedScreen(test.app, operator);
    const response = await raise(screenId, { command: 'screenshot', param: 'high' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ command: 'screenshot', param: 'high' });
    // The answer is the command as recorded: the list shows the same, id and all.
    expect((await list(screenId))[0]).toEqual(response.json());
    expect(await playerDoc(test.app, player.id)).toMatchObject({ action_flags: { screenshot: 'high' } });
  });

  it('lists pending and acknowledged commands with their times, newest first', async () => {
    const { screenId, player } = await pairedScreen(test.app, operator);
    const paired = await list(screenId);
    test.clock.advance(1000);
    const rebootAt = test.clock();
    await raise(screenId, { command: 'reboot' });
    test.clock.advance(1000);
    const muteAt = test.clock();
    await raise(screenId, { command: 'mute' });
    test.clock.advance(500);
    const ack = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${player.id}/reboot`,
      headers: { authorization: player.auth.apiToken },
    });
    expect(ack.statusCode).toBe(200);
    const commands = await list(screenId);
    expect(commands.slice(0, 2)).toEqual([
      expect.objectContaining({ command: 'mute', state: 'pending', raisedAt: muteAt, acknowledgedAt: null }),
      expect.objectContaining({
        command: 'reboot',
        state: 'acknowledged',
        raisedAt: rebootAt,
        acknowledgedAt: test.clock(),
      }),
    ]);
    expect(commands.slice(2)).toEqual(paired);
    expect(await playerDoc(test.app, player.id)).toMatchObject({ action_flags: { mute: true } });
    expect((await playerDoc(test.app, player.id)) as object).not.toHaveProperty('action_flags.reboot');
  });

  it.each([
    [{}, 'command', 'VALIDATION_FAILED'],
    [{ command: 'self_destruct' }, 'command', 'UNKNOWN_COMMAND'],
    [{ command: 'Reboot' }, 'command', 'UNKNOWN_COMMAND'],
    [{ command: 7 }, 'command', 'VALIDATION_FAILED'],
    [{ command: 'screenshot', param: { size: 1 } }, 'param', 'VALIDATION_FAILED'],
    [{ command: 'screenshot', param: false }, 'param', 'VALIDATION_FAILED'],
    [{ command: 'screenshot', param: 'x'.repeat(2049) }, 'param', 'VALIDATION_FAILED'],
    [{ command: 'reboot', later: true }, 'body', 'VALIDATION_FAILED'],
  ])('refuses %j naming %s and raises nothing', async (payload, field, code) => {
    const { screenId, player } = await pairedScreen(test.app, operator);
    const before = await list(screenId);
    const docBefore = await playerDoc(test.app, player.id);
    const response = await raise(screenId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, field });
    expect(await list(screenId)).toEqual(before);
    expect(await playerDoc(test.app, player.id)).toEqual(docBefore);
  });

  it('answers 404 for an unknown screen and 409 for a screen whose player is gone', async () => {
    expect((await raise('0000000000000000000000000', { command: 'reboot' })).statusCode).toBe(404);
    expect(
      (
        await test.app.inject({
          url: '/api/v1/screens/0000000000000000000000000/commands',
          headers: bearer(operator.token),
        })
      ).statusCode,
    ).toBe(404);
    const { screenId, player } = await pairedScreen(test.app, operator);
    await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${player.id}`,
      headers: { authorization: player.auth.apiToken },
    });
    const response = await raise(screenId, { command: 'reboot' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('NO_PLAYER');
  });
});

describe('/api/v1/screens/commands (bulk)', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const raiseMany = (operator: TestOperator, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/commands',
      headers: bearer(operator.token),
      payload: payload as object,
    });
  const list = async (operator: TestOperator, screenId: string) =>
    (
      await test.app.inject({ url: `/api/v1/screens/${screenId}/commands`, headers: bearer(operator.token) })
    ).json().commands as { id: string; command: string; param: unknown; state: string; raisedAt: number }[];

  it("raises the command on every screen of the operator's organisation when no screens are named", async () => {
    const operator = await signUpOperator(test.app, 'Bulk All Org');
    const other = await signUpOperator(test.app, 'Bulk Bystander Org');
    const screens = [
      await pairedScreen(test.app, operator),
      await pairedScreen(test.app, operator),
      await pairedScreen(test.app, operator),
    ];
    const bystander = await pairedScreen(test.app, other);
    test.clock.advance(1000);
    const response = await raiseMany(operator, { command: 'screenshot', param: 'high' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.raised).toBe(3);
    expect(body.skipped).toEqual([]);
    expect(
      [...body.commands].sort((a: { screenId: string }, b: { screenId: string }) =>
        a.screenId.localeCompare(b.screenId),
      ),
    ).toEqual(
      screens
        .map(({ screenId, player }) => ({ id: expect.any(String), screenId, playerId: player.id }))
        .sort((a, b) => a.screenId.localeCompare(b.screenId)),
    );
    for (const { screenId, player } of screens) {
      expect(await playerDoc(test.app, player.id)).toMatchObject({ action_flags: { screenshot: 'high' } });
      const [latest] = await list(operator, screenId);
      expect(latest).toMatchObject({
        id: body.commands.find((command: { screenId: string }) => command.screenId === screenId).id,
        command: 'screenshot',
        param: 'high',
        state: 'pending',
        raisedAt: test.clock(),
      });
    }
    expect((await playerDoc(test.app, bystander.player.id)) as object).not.toHaveProperty(
      'action_flags.screenshot',
    );
  });

  it("reads an organisation's screens a page at a time, and raises on every one", async () => {
    const operator = await signUpOperator(test.app, 'Bulk Paged Org');
    const screens = [];
    for (let i = 0; i < 5; i++) screens.push(await pairedScreen(test.app, operator));
    const { db, players } = test.app.services;
    const orgId = (
      await db
        .selectFrom('screens')
        .select('org_id')
        .where('id', '=', screens[0]!.screenId)
        .executeTakeFirstOrThrow()
    ).org_id;
    const answer = await raiseBulkCommand(
      { db, players },
      orgId,
      { command: 'update_device_info' },
      undefined,
      2,
    );
    expect(answer.raised).toBe(5);
    expect(answer.commands.map((command) => command.screenId).sort()).toEqual(
      screens.map((screen) => screen.screenId).sort(),
    );
    for (const { player } of screens) {
      expect(await playerDoc(test.app, player.id)).toMatchObject({
        action_flags: { update_device_info: true },
      });
    }
  });

  it('raises the command only on the named screens, once each', async () => {
    const operator = await signUpOperator(test.app, 'Bulk Named Org');
    const [a, b] = [await pairedScreen(test.app, operator), await pairedScreen(test.app, operator)];
    const response = await raiseMany(operator, { command: 'reboot', screenIds: [a.screenId, a.screenId] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      raised: 1,
      commands: [{ id: expect.any(String), screenId: a.screenId, playerId: a.player.id }],
      skipped: [],
    });
    expect(await playerDoc(test.app, a.player.id)).toMatchObject({ action_flags: { reboot: true } });
    expect((await playerDoc(test.app, b.player.id)) as object).not.toHaveProperty('action_flags.reboot');
    expect((await list(operator, a.screenId)).filter((command) => command.command === 'reboot')).toHaveLength(
      1,
    );
  });

  it('skips screens whose player is gone and names them', async () => {
    const operator = await signUpOperator(test.app, 'Bulk Skip Org');
    const kept = await pairedScreen(test.app, operator);
    const gone = await pairedScreen(test.app, operator);
    await test.app.inject({
      method: 'DELETE',
      url: `/_internal/players/${gone.player.id}`,
      headers: { authorization: gone.player.auth.apiToken },
    });
    const response = await raiseMany(operator, {
      command: 'mute',
      screenIds: [kept.screenId, gone.screenId],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ raised: 1, skipped: [gone.screenId] });
  });

  it("refuses ids of another organisation's screens with 404 naming them, raising nothing", async () => {
    const operator = await signUpOperator(test.app, 'Bulk Isolation Org');
    const other = await signUpOperator(test.app, 'Bulk Victim Org');
    const own = await pairedScreen(test.app, operator);
    const foreign = await pairedScreen(test.app, other);
    const before = await list(operator, own.screenId);
    const response = await raiseMany(operator, {
      command: 'reboot',
      screenIds: [own.screenId, foreign.screenId],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'SCREEN_NOT_FOUND',
      message: `No screen ${foreign.screenId} in your organisation`,
      field: 'screenIds',
      screenIds: [foreign.screenId],
    });
    expect(await list(operator, own.screenId)).toEqual(before);
    expect((await playerDoc(test.app, own.player.id)) as object).not.toHaveProperty('action_flags.reboot');
    expect((await playerDoc(test.app, foreign.player.id)) as object).not.toHaveProperty(
      'action_flags.reboot',
    );
    expect(await list(other, foreign.screenId)).not.toContainEqual(
      expect.objectContaining({ command: 'reboot' }),
    );
  });

  it.each([
    [{}, 'command', 'VALIDATION_FAILED'],
    [{ command: 'self_destruct' }, 'command', 'UNKNOWN_COMMAND'],
    [{ command: 'screenshot', param: { size: 1 } }, 'param', 'VALIDATION_FAILED'],
    [{ command: 'reboot', screenIds: [] }, 'screenIds', 'VALIDATION_FAILED'],
    [{ command: 'reboot', screenIds: ['../x'] }, 'screenIds.0', 'VALIDATION_FAILED'],
    [{ command: 'reboot', screenIds: 'all' }, 'screenIds', 'VALIDATION_FAILED'],
    [{ command: 'reboot', later: true }, 'body', 'VALIDATION_FAILED'],
  ])('refuses %j naming %s and raises nothing', async (payload, field, code) => {
    const operator = await signUpOperator(test.app, 'Bulk Validation Org');
    const { screenId, player } = await pairedScreen(test.app, operator);
    const before = await list(operator, screenId);
    const docBefore = await playerDoc(test.app, player.id);
    const response = await raiseMany(operator, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code, field });
    expect(await list(operator, screenId)).toEqual(before);
    expect(await playerDoc(test.app, player.id)).toEqual(docBefore);
  });

  it('requires an operator', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/screens/commands',
      payload: { command: 'reboot' },
    });
    expect(response.statusCode).toBe(401);
  });
});
