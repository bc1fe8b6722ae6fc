// The general player's behaviour across pages and network trouble: multiple tabs, an offline start into cached
// content and the recovery when the server is back, the id query parameter, and presence when the page closes.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import {
  FRAME,
  contentFrame,
  localValue,
  pairedPlayer,
  playerIdOf,
  screenView,
  usePlayerStage,
  waitFor,
} from './player.support';

const stage = usePlayerStage(['player', 'content']);

const MULTIPLE = 'Multiple instances of the Marquee player found.';

describe('general player: tabs, offline, id parameter, presence', () => {
  it('warns persistently, without a close button, when the player runs in two tabs', async () => {
    const { context, page } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.$(`text=${MULTIPLE}`)).toBeNull();
    const second = await context.newPage();
    await second.goto(`${stage.server.url}/`);
    for (const tab of [second, page]) {
      const toast = await tab.waitForSelector(`.Toastify__toast:has-text("${MULTIPLE}")`);
      expect(await toast.$('.Toastify__close-button')).toBeNull();
    }
    await second.waitForTimeout(5500); // past the default auto-close: still there
    expect(await second.$(`text=${MULTIPLE}`)).not.toBeNull();
    await saveScreenshot(second, 'general-player-multiple-instances');
    await context.close();
  });

  it('starts offline into its cached content and recovers when the server is back', async () => {
    const { context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await contentFrame(page, '/content/');
    await page.waitForTimeout(1500); // the content player caches its shell
    await stage.server.stop();
    await page.reload();
    await page.waitForSelector('[data-testid="connection"][data-online="false"]', { state: 'attached' });
    expect(new URL((await page.getAttribute(FRAME, 'src')) ?? '').pathname).toBe('/content/');
    expect(await page.$('.notice')).toBeNull();
    await saveScreenshot(page, 'general-player-offline');

    await stage.server.start();
    await page.waitForSelector('[data-testid="connection"][data-database="true"]', {
      state: 'attached',
      timeout: 60_000,
    });
    await waitFor(
      async () => (await screenView(stage.server, stage.operator, screenId)).status.online,
      30_000,
    );
    await context.close();
  });

  it('takes a non-empty id query parameter as the device id, and starts over for a different one', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/?id=lobby-device-1`);
    expect(await playerIdOf(page)).toBe('lobby-device-1');
    expect(await localValue(page, 'deviceId')).toBe('lobby-device-1');
    const first = (await localValue(page, 'auth')) as { secret: string };
    await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ name: 'Kept?' })));

    // The same id keeps everything.
    await page.goto(`${stage.server.url}/?id=lobby-device-1`);
    await page.waitForSelector('[data-testid="connection"]', { state: 'attached' });
    expect(((await localValue(page, 'auth')) as { secret: string }).secret).toBe(first.secret);

    // Another id clears storage and registers under it.
    await page.goto(`${stage.server.url}/?id=lobby-device-2`);
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('deviceId') ?? 'null') === 'lobby-device-2',
    );
    expect(await playerIdOf(page)).toBe('lobby-device-2');
    // The old settings went with the storage; the new player's come from the server.
    await page.waitForFunction(
      () => JSON.parse(localStorage.getItem('settings') ?? '{}').name === 'Marquee Player',
    );

    // An empty id counts as none.
    await page.goto(`${stage.server.url}/?id=`);
    await page.waitForSelector('[data-testid="connection"]', { state: 'attached' });
    expect(await localValue(page, 'deviceId')).toBe('lobby-device-2');
    await context.close();
  });

  it('shows the screen online while the player runs and offline once its page is closed', async () => {
    const { context, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await waitFor(async () => (await screenView(stage.server, stage.operator, screenId)).status.online);
    await context.close();
    const status = await waitFor(async () => {
      const view = await screenView(stage.server, stage.operator, screenId);
      return view.status.online ? null : view.status;
    }, 30_000);
    expect(status.online).toBe(false);
  });
});
