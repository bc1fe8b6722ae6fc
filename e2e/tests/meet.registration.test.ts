// The meeting-room player against the real server: registration, the ready and blocked views, the app token
// driving the frame, settings, remote commands.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { MEET_FRAME, frameSrc, meetPlayerId, pairedMeet, setAppToken } from './meet.support';
import { api, command, markPage, signUp } from './player.support';

const stage = useStage(['meet', 'content', 'host']);

describe('meeting player: registration', () => {
  it('registers with platform meet and the id parameter as hardware id, then shows the ready view', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const registrations: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/_internal/players')) {
        registrations.push(request.postDataJSON());
      }
    });
    await page.goto(`${stage.server.url}/meet/?id=room-a1`);
    await page.waitForSelector(MEET_FRAME);
    expect(registrations).toHaveLength(1);
    expect(registrations[0]).toMatchObject({
      device: {
        id: 'room-a1',
        model: 'Google Meet Hardware Player',
        platform: 'meet',
        device: { hardware_id: 'room-a1' },
      },
    });
    expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toBe('"room-a1"');
    expect(await meetPlayerId(page)).toBe('room-a1');
    await saveScreenshot(page, 'meet-ready');
    await context.close();
  });

  it('shows the blocked view when the device is blocked, and the frame again once unblocked', async () => {
    const operator = await signUp(stage.server);
    const { context, page, playerId } = await pairedMeet(stage.browser, stage.server, operator, 'room-b1');
    const blocked = await api(
      stage.server,
      'POST',
      `/api/v1/players/${playerId}/block`,
      undefined,
      operator.token,
    );
    expect(blocked).toMatchObject({ status: 200, body: { playerId, blocked: true } });
    await page.reload();
    await page.waitForSelector('[data-testid="meet-blocked"]');
    expect(await page.textContent('h1')).toBe('This device is blocked');
    expect(await page.$(MEET_FRAME)).toBeNull();
    await saveScreenshot(page, 'meet-blocked');
    await api(stage.server, 'POST', `/api/v1/players/${playerId}/unblock`, undefined, operator.token);
    await page.reload();
    await page.waitForSelector(MEET_FRAME);
    await context.close();
  });
});

describe('meeting player: remote data', () => {
  it('derives the frame source from the app token', async () => {
    const operator = await signUp(stage.server);
    const { context, page, playerId } = await pairedMeet(stage.browser, stage.server, operator, 'room-c1');
    await setAppToken(stage.server, operator, playerId, 'token-one');
    await page.waitForFunction(
      (frame) => document.querySelector(frame)?.getAttribute('src')?.endsWith('token=token-one'),
      MEET_FRAME,
    );
    expect(await frameSrc(page)).toBe(`${stage.server.url}/content/?token=token-one`);
    await setAppToken(stage.server, operator, playerId, 'token-two');
    await page.waitForFunction(
      (frame) => document.querySelector(frame)?.getAttribute('src')?.endsWith('token=token-two'),
      MEET_FRAME,
    );
    await saveScreenshot(page, 'meet-app-token');
    await context.close();
  });

  it('keeps subscribed settings locally and in the parent storage under "settings"', async () => {
    const operator = await signUp(stage.server);
    const { context, page, screenId } = await pairedMeet(stage.browser, stage.server, operator, 'room-d1');
    const changed = await api(
      stage.server,
      'PATCH',
      `/api/v1/screens/${screenId}`,
      { name: 'Boardroom' },
      operator.token,
    );
    expect(changed.status).toBe(200);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('settings') ?? '{}').name === 'Boardroom',
    );
    // In the reference host (zoom), the same settings reach the parent's storage through storageSet.
    const host = await context.newPage();
    await host.goto(`${stage.server.url}/host/?platform=zoom&id=room-d1`);
    await host.waitForFunction(() =>
      (window as unknown as { __hostCalls?: { method: string; args: unknown[] }[] }).__hostCalls?.some(
        (call) =>
          call.method === 'storageSet' &&
          call.args[0] === 'settings' &&
          (call.args[1] as { name?: string })?.name === 'Boardroom',
      ),
    );
    expect(
      await host.evaluate(() =>
        (window as unknown as { __hostCalls: { method: string; args: unknown[] }[] }).__hostCalls.some(
          (call) => call.method === 'storageGet' && call.args[0] === 'settings',
        ),
      ),
    ).toBe(true);
    await saveScreenshot(host, 'meet-host-zoom');
    await context.close();
  });

  it('carries out restart_player_app and clear_cache remotely', async () => {
    const operator = await signUp(stage.server);
    const { context, page, screenId } = await pairedMeet(stage.browser, stage.server, operator, 'room-e1');
    for (const name of ['restart_player_app', 'clear_cache']) {
      await markPage(page);
      const view = await command(stage.server, operator, screenId, name);
      expect(view.state).toBe('acknowledged');
      await page.waitForFunction(() => (window as unknown as { __mark?: boolean }).__mark !== true);
      await page.waitForSelector(MEET_FRAME);
    }
    await context.close();
  });
});
