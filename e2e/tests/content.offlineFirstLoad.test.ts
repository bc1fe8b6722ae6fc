// The content player's service worker keeps its page from the load that installs it: a content player loaded
// only once, then restarted without network, shows its content (before, it showed nothing until one more online
// load); and the offline fallback takes a kept copy whatever its query string.

import { describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { contentFrame, pairedPlayer, usePlayerStage } from './player.support';

const PAGES_CACHE = 'marquee-content-pages';
const PLAYER_SHELL_CACHE_PREFIX = 'marquee-player-shell-';

/**
 * Forgets everything the content player's worker kept, as if /content/ had never been loaded in this browser. It runs
 * from a page without a content frame, once the player's page is closed: Chromium clears an unregistered registration
 * only when no page uses it any more, and a register() before that revives the old worker (no install, so nothing
 * kept), which is what a reload right after unregistering met when the old frame went away late.
 */
async function forgetContentWorker(
  context: BrowserContext,
  origin: string,
  playerShellPrefix: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${origin}/healthz`);
  await page.evaluate(async (keep) => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      if (new URL(registration.scope).pathname === '/content/') await registration.unregister();
    }
    for (const key of await caches.keys()) if (!key.startsWith(keep)) await caches.delete(key);
  }, playerShellPrefix);
  await page.close();
}

/** Waits for the content worker of `target` to be active (installed, so its install step has run). */
async function contentWorkerActive(target: Page | Frame): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/content/'))?.active?.state ?? null,
        ),
      { timeout: 20_000 },
    )
    .toBe('activated');
}

describe('content player offline from its first load', () => {
  const stage = usePlayerStage(['player', 'content']);

  it('shows its content after a restart offline when its page was loaded only once', async () => {
    const { context, page: pairing } = await pairedPlayer(stage.browser, stage.server, stage.operator);
    await contentFrame(pairing, '/content/');
    const playerUrl = pairing.url();
    await pairing.close();
    await forgetContentWorker(context, stage.server.url, PLAYER_SHELL_CACHE_PREFIX);

    // The one online load of the content player: its worker registers and installs during it, and keeps the page.
    const page = await context.newPage();
    await page.goto(playerUrl);
    const online = await contentFrame(page, '/content/');
    await online.getByRole('heading', { name: 'This screen is paired' }).waitFor({ timeout: 20_000 });
    await contentWorkerActive(online);
    await expect
      .poll(() =>
        online.evaluate(
          async (name) => (await caches.open(name)).keys().then((keys) => keys.length),
          PAGES_CACHE,
        ),
      )
      .toBeGreaterThan(0);
    // And in control of the page that registered it (it claims its clients when it activates).
    await expect
      .poll(() => online.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        timeout: 10_000,
      })
      .toBe('activated');

    await stage.server.stop();
    try {
      await page.reload();
      const offline = await contentFrame(page, '/content/');
      await offline.getByRole('heading', { name: 'This screen is paired' }).waitFor({ timeout: 20_000 });
    } finally {
      await stage.server.start();
      await context.close();
    }
  });

  it('answers an offline load with a kept copy that was loaded with another query string', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const notice = page.getByRole('heading', { name: /runs inside the Marquee player/ });
    await page.goto(`${stage.server.url}/content/?from=first-load`);
    await notice.waitFor();
    await contentWorkerActive(page);
    // An online load under the worker keeps its own copy, query string and all; the copy kept at install is dropped,
    // as a worker from before it would have left the cache.
    await page.reload();
    await notice.waitFor();
    // The worker writes its copy once the page is answered: wait for it.
    await expect
      .poll(
        () =>
          page.evaluate(
            async (name) =>
              (await (await caches.open(name)).match('/content/?from=first-load')) !== undefined,
            PAGES_CACHE,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const kept = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      await cache.delete('/content/');
      return (await cache.keys()).map(
        (request) => new URL(request.url).pathname + new URL(request.url).search,
      );
    }, PAGES_CACHE);
    expect(kept).toEqual(['/content/?from=first-load']);

    await stage.server.stop();
    try {
      await page.goto(`${stage.server.url}/content/?from=restart`);
      await notice.waitFor({ timeout: 20_000 });
    } finally {
      await stage.server.start();
      await context.close();
    }
  });
});
