import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_FLAG_PRIORITY } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
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
