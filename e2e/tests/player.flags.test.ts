// Each remote action flag in the priority order of docs/player.md §Action flags, raised through the management API
// as the studio does, acknowledged by the real player in Chromium, and its effect on the server and in local
// storage.

import { describe, expect, it } from 'vitest';
import {
  api,
  command,
  contentFrame,
  localValue,
  markPage,
  pairedPlayer,
  playerIdOf,
  usePlayerStage,
  waitFor,
  waitForReload,
} from './player.support';

const stage = usePlayerStage(['player', 'content']);

describe('general player: action flags in a plain browser', () => {
  it('update_device_info: acknowledged, and the device record reaches the logging service', async () => {
    const { context, screenId, playerId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    const view = await command(stage.server, stage.operator, screenId, 'update_device_info');
    expect(view.acknowledgedAt).not.toBeNull();
    const record = await waitFor(async () => {
      const { status, body } = await api<{ device: Record<string, unknown> }>(
        stage.server,
        'GET',
        `/api/v1/screens/${screenId}/device`,
        undefined,
        stage.operator.token,
      );
      return status === 200 ? body.device : null;
    });
    expect(record).toMatchObject({
      id: playerId,
      platform: 'browser',
      model: 'Web Browser',
      version: '1.0.0',
      web_player: {
        content_player: { name: 'studio-player', screen_id: screenId, org_id: stage.operator.orgId },
      },
      native_player: { capabilities: { get_device_info: true, overridden_player: true } },
    });
    await context.close();
  });

  it('mute toggles the stored setting; reboot is acknowledged though a browser cannot reboot', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await command(stage.server, stage.operator, screenId, 'mute');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('settings') ?? '{}').mute === true);
    await command(stage.server, stage.operator, screenId, 'mute');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('settings') ?? '{}').mute === false);
    await markPage(page);
    const reboot = await command(stage.server, stage.operator, screenId, 'reboot');
    expect(reboot.state).toBe('acknowledged');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
    await context.close();
  });

  it('restart_player_app and clear_cache: acknowledged, then the player reloads', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    for (const name of ['restart_player_app', 'clear_cache']) {
      await markPage(page);
      await command(stage.server, stage.operator, screenId, name);
      await waitForReload(page);
    }
    // Still paired after the reloads: the content is shown again.
    await contentFrame(page, '/content/');
    await context.close();
  });

  it('screenshot: acknowledged and the frame asked for its capture', async () => {
    const { context, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    const view = await command(stage.server, stage.operator, screenId, 'screenshot', 'full');
    expect(view.state).toBe('acknowledged');
    await context.close();
  });

  it('reset_pairing: acknowledged, the pairing page is back with a new code, __sc_player_url removed', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await markPage(page);
    await command(stage.server, stage.operator, screenId, 'reset_pairing');
    await waitForReload(page);
    await contentFrame(page, '/content/pair');
    expect(await localValue(page, '__sc_player_url')).toBeNull();
    await context.close();
  });

  it('reset_credentials rotates the auth; reset_auth and force_hard_reset start the player over as a new one', async () => {
    const { context, page, screenId, playerId } = await pairedPlayer(
      stage.browser,
      stage.server,
      stage.operator,
    );
    const first = (await localValue(page, 'auth')) as { apiToken: string; secret: string };
    await markPage(page);
    await api(
      stage.server,
      'POST',
      `/api/v1/screens/${screenId}/commands`,
      { command: 'reset_credentials' },
      stage.operator.token,
    );
    await waitForReload(page);
    const rotated = (await localValue(page, 'auth')) as { apiToken: string; secret: string };
    expect(rotated.secret).not.toBe(first.secret);
    expect(await playerIdOf(page)).toBe(playerId);
    // The old secret no longer works.
    const old = await fetch(`${stage.server.url}/_internal/players/${playerId}/credentials`, {
      method: 'DELETE',
      headers: { Authorization: first.secret },
    });
    expect(old.status).toBe(401);

    await markPage(page);
    await command(stage.server, stage.operator, screenId, 'reset_auth');
    await waitForReload(page);
    await page.waitForFunction((old) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { secret: string } | null;
      return auth !== null && auth.secret !== old;
    }, rotated.secret);
    await contentFrame(page, '/content/pair');
    const afterResetAuth = await playerIdOf(page);
    expect(afterResetAuth).not.toBe(playerId);
    await context.close();
  });

  it('force_hard_reset: acknowledged, the player is deleted on the server and registers again', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await markPage(page);
    await api(
      stage.server,
      'POST',
      `/api/v1/screens/${screenId}/commands`,
      { command: 'force_hard_reset' },
      stage.operator.token,
    );
    await waitForReload(page);
    await contentFrame(page, '/content/pair');
    // Registered again (the freed device id may be given back): fresh, unpaired credentials.
    await page.waitForFunction(() => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
      if (auth === null) return false;
      const claims = JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
      return claims.screen_id === undefined;
    });
    // The old player is gone: its screen has no player any more.
    const { status } = await api(
      stage.server,
      'POST',
      `/api/v1/screens/${screenId}/commands`,
      { command: 'mute' },
      stage.operator.token,
    );
    expect(status).toBe(409);
    await context.close();
  });
});
