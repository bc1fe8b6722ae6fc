// What the screen view says of a player between its heartbeats: its uptime now, not as of the last heartbeat (the
// first one, sent at the player's start, says 0), and whether its device is blocked.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS } from '@marquee/protocol';
import { startTestApp, type TestApp } from '../../test/harness/app';
import {
  bearer,
  pairedScreen,
  signUpOperator,
  type PairedScreen,
  type TestOperator,
} from '../../test/harness/management';

describe('the status of a screen', () => {
  let test: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    test = await startTestApp();
    operator = await signUpOperator(test.app, 'Status Org');
  });
  afterAll(async () => {
    await test.close();
  });

  const heartbeat = async (paired: PairedScreen, uptime: number) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/_internal/players/${paired.player.id}/heartbeat`,
      headers: { authorization: paired.player.auth.apiToken },
      payload: { uptime, ip: null, platform: 'browser', version: '1.0.0' },
    });
    expect(response.statusCode).toBe(200);
  };
  const status = async (paired: PairedScreen) => {
    const one = await test.app.inject({
      url: `/api/v1/screens/${paired.screenId}`,
      headers: bearer(operator.token),
    });
    const list = await test.app.inject({ url: '/api/v1/screens', headers: bearer(operator.token) });
    const listed = list
      .json<{ screens: { id: string; status: unknown }[] }>()
      .screens.find((screen) => screen.id === paired.screenId);
    expect(listed?.status).toEqual(one.json().status);
    return one.json<{ status: { uptime: string | null; uptimeSeconds: number | null; blocked: boolean } }>()
      .status;
  };

  it('counts the uptime on from the last heartbeat while heartbeats come, and forgets it once they stop', async () => {
    const paired = await pairedScreen(test.app, operator);
    expect(await status(paired)).toMatchObject({ uptime: null, uptimeSeconds: null });
    await heartbeat(paired, 0); // the player's start
    expect(await status(paired)).toMatchObject({ uptime: '0hr 0m 0s', uptimeSeconds: 0 });
    test.clock.advance(45_500);
    expect(await status(paired)).toMatchObject({ uptime: '0hr 0m 45s', uptimeSeconds: 45 });
    test.clock.advance(14_500);
    await heartbeat(paired, 60);
    test.clock.advance(HEARTBEAT_INTERVAL_MS * 3);
    expect(await status(paired)).toMatchObject({ uptime: '0hr 4m 0s', uptimeSeconds: 240 });
    // Overdue: the player may have restarted since; nobody knows its uptime.
    test.clock.advance(1);
    expect(await status(paired)).toMatchObject({ uptime: null, uptimeSeconds: null });
  });

  it("says whether the screen's device is blocked", async () => {
    const paired = await pairedScreen(test.app, operator);
    const block = (action: 'block' | 'unblock') =>
      test.app.inject({
        method: 'POST',
        url: `/api/v1/players/${paired.player.id}/${action}`,
        headers: bearer(operator.token),
      });
    expect((await status(paired)).blocked).toBe(false);
    expect((await block('block')).statusCode).toBe(200);
    expect((await status(paired)).blocked).toBe(true);
    expect((await block('unblock')).statusCode).toBe(200);
    expect((await status(paired)).blocked).toBe(false);
  });
});
