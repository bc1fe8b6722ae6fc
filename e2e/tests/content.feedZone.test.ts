// Feed zones on a real player (docs/layouts.md §Feeds): a real general player paired to a screen shows a layout with
// two feed zones whose feeds a test server serves. The news zone shows the feed's items; when the feed server goes
// away the Marquee server keeps answering its last good copy, and with the server's copy out of reach too the
// player shows the copy it kept. The hostile zone shows the words of a feed full of script, frames, handlers and
// javascript: links, and nothing of it runs: no script of the feed in the frame, no dialog, no global set.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import {
  HOSTILE_GLOBAL,
  HOSTILE_TEXT,
  HOSTILE_TITLE,
  hostileRssFeed,
  rssFeed,
  startFeedServer,
  type FeedServer,
} from '@marquee/testbed';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { FRAME, api, pairedPlayer, signUp, waitFor } from './player.support';

/** The server refreshes its copy this often (the shortest the configuration allows), so a test sees a refresh. */
const REFRESH_MS = 1000;
const NEWS = [
  { title: 'Opening of the new wing', text: 'The <b>east wing</b> opens on Monday.' },
  { title: 'Canteen', text: 'Soup &amp; bread today.' },
];

describe('feed zones on a real player', () => {
  const stage = useStage(['player', 'content'], {
    env: { MARQUEE_FEED_REFRESH_MS: String(REFRESH_MS) },
    prepare: async ({ server }) => ({ operator: await signUp(server) }),
  });
  let feeds: FeedServer;
  let context: BrowserContext;
  let page: Page;
  let frame: FrameLocator;
  const dialogs: string[] = [];
  const feedRequests = new Set<string>();

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await api<T>(stage.server, method, `/api/v1${path}`, body, stage.operator.token);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  const titlesIn = (zone: string) =>
    frame.locator(`[data-zone="${zone}"] [data-testid="feed-item"] h2`).allTextContents();

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.serve('/news.xml', { body: rssFeed('Company news', NEWS) });
    feeds.serve('/hostile.xml', { body: hostileRssFeed() });
    const layout = await call<{ id: string }>('POST', '/layouts', {
      name: 'Newsroom',
      zones: [
        {
          id: 'news',
          x: 0,
          y: 0,
          width: 60,
          height: 100,
          content: { app: { type: 'feed', url: feeds.url('/news.xml'), display: 'list', fontSize: 5 } },
        },
        {
          id: 'hostile',
          x: 60,
          y: 0,
          width: 40,
          height: 100,
          content: { app: { type: 'feed', url: feeds.url('/hostile.xml') } },
        },
      ],
    });
    let screenId: string;
    ({ context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/feeds/')) feedRequests.add(request.url());
    });
    await call('PATCH', `/screens/${screenId}`, { content: { layoutId: layout.id } });
    frame = page.frameLocator(FRAME);
    await frame.locator('[data-zone="news"] [data-testid="feed-item"]').first().waitFor({ timeout: 30_000 });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await feeds?.close();
  });

  it("shows the feed's items, cleaned to text", async () => {
    expect(await titlesIn('news')).toEqual(['Opening of the new wing', 'Canteen']);
    const texts = await frame.locator('[data-zone="news"] .feed-text').allTextContents();
    expect(texts).toEqual(['The east wing opens on Monday.', 'Soup & bread today.']);
    await saveScreenshot(page, 'layout-feed-zones');
  }, 30_000);

  it('shows the words of a hostile feed and runs none of it', async () => {
    // A loaded machine may miss the first fetch; the screen asks again within FEED_RETRY_MS.
    await waitFor(async () => (await titlesIn('hostile')).length > 0, 45_000);
    expect(await titlesIn('hostile')).toEqual([HOSTILE_TITLE]);
    expect(await frame.locator('[data-zone="hostile"] .feed-text').textContent()).toContain(HOSTILE_TEXT);
    const traces = await frame.locator('body').evaluate((body, global) => {
      const scripts = [...document.querySelectorAll('script')].filter((script) =>
        script.textContent?.includes(global),
      );
      const inZone = body.querySelectorAll(
        '[data-zone="hostile"] script, [data-zone="hostile"] iframe, [data-zone="hostile"] a, [data-zone="hostile"] svg',
      ).length;
      const handlers = [...body.querySelectorAll('[data-zone="hostile"] *')].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
      ).length;
      return {
        scripts: scripts.length,
        inZone,
        handlers,
        global: (window as unknown as Record<string, unknown>)[global] ?? null,
      };
    }, HOSTILE_GLOBAL);
    expect(traces).toEqual({ scripts: 0, inZone: 0, handlers: 0, global: null });
    expect(dialogs).toEqual([]);
  }, 60_000);

  it('keeps the items when the feed server goes away, on the server and on the screen', async () => {
    expect(feedRequests.size).toBe(2);
    await feeds.close();
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS * 1.5));

    // Every feed copy the server answers still has its items: the refresh failed and the last good copy stays.
    for (const src of feedRequests) {
      const answer = await fetch(src);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { items: unknown[] };
      expect(body.items.length).toBeGreaterThan(0);
    }

    // With the server's copies out of reach too, a reloaded frame shows what the screen kept.
    await context.route('**/feeds/**', (route) => route.abort());
    await frame.locator('body').evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
      location.reload();
    });
    await waitFor(
      () =>
        frame
          .locator('body')
          .evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload !== true)
          .catch(() => false),
      30_000,
    );
    await waitFor(async () => (await titlesIn('news')).length === 2, 30_000);
    expect(await titlesIn('news')).toEqual(['Opening of the new wing', 'Canteen']);
    expect(await titlesIn('hostile')).toEqual([HOSTILE_TITLE]);
  }, 60_000);
});
