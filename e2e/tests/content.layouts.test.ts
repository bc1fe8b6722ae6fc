// Layouts on a real player (docs/layouts.md §Playback): a real general player paired to a screen shows a layout of
// a playlist zone, a clock and a ticker, each zone where the layout puts it in percent of the frame, in landscape
// and after the screen is turned to portrait (the outer player rotates the frame; the layout fills it the new way).
// The clock reads the screen's time zone, not the browser's; the ticker moves; the playlist zone shows its image.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { saveScreenshot } from '../harness/artifacts';
import { FRAME, api, pairedPlayer, usePlayerStage, waitFor } from './player.support';
import { gradientPng } from './studioJourneyAssets';

/** A zone's place is within this of its percentages (the frame's pixels round them). */
const PLACE_TOLERANCE_PERCENT = 0.5;
/** The screen's zone, far from any e2e machine's own, so a clock in the device's zone would show. */
const SCREEN_ZONE = 'Asia/Kolkata';

const ZONES = {
  main: { x: 0, y: 0, width: 70, height: 85 },
  clock: { x: 70, y: 0, width: 30, height: 85 },
  ticker: { x: 0, y: 85, width: 100, height: 15 },
};

interface Measured {
  width: number;
  height: number;
  zones: Record<string, { x: number; y: number; width: number; height: number }>;
}

/** Each zone's box in percent of the content frame's own viewport (whatever the outer player's rotation). */
function measure(frame: FrameLocator): Promise<Measured> {
  return frame.locator('[data-layout]').evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const zones: Measured['zones'] = {};
    for (const zone of document.querySelectorAll<HTMLElement>('[data-zone]')) {
      const box = zone.getBoundingClientRect();
      zones[zone.dataset.zone!] = {
        x: (box.x / width) * 100,
        y: (box.y / height) * 100,
        width: (box.width / width) * 100,
        height: (box.height / height) * 100,
      };
    }
    return { width, height, zones };
  });
}

/** 'HH:MM' in the screen's zone at `instant`. */
const screenTime = (instant: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: SCREEN_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

describe('layouts on a real player', () => {
  const stage = usePlayerStage(['player', 'content']);
  let context: BrowserContext;
  let page: Page;
  let frame: FrameLocator;
  let screenId: string;
  let mediaId: string;

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await api<T>(stage.server, method, `/api/v1${path}`, body, stage.operator.token);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  beforeAll(async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(gradientPng(640, 360, [30, 90, 200], [240, 160, 40]))], { type: 'image/png' }),
      'main.png',
    );
    const upload = await fetch(`${stage.server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stage.operator.token}` },
      body: form,
    });
    mediaId = ((await upload.json()) as { id: string }).id;
    const playlist = await call<{ id: string }>('POST', '/playlists', {
      name: 'Main',
      items: [{ src: mediaId, durationMs: 60_000 }],
    });
    const layout = await call<{ id: string }>('POST', '/layouts', {
      name: 'Lobby',
      background: '#101820',
      zones: [
        { id: 'main', ...ZONES.main, content: { playlistId: playlist.id } },
        { id: 'clock', ...ZONES.clock, content: { app: { type: 'clock', format: '24h', showDate: true } } },
        {
          id: 'ticker',
          ...ZONES.ticker,
          content: { app: { type: 'ticker', text: 'Welcome to the lobby · Doors open at 9', speed: 200 } },
        },
      ],
    });
    ({ context, page, screenId } = await pairedPlayer(stage.browser, stage.server, stage.operator));
    await call('PATCH', `/screens/${screenId}`, { timezone: SCREEN_ZONE, content: { layoutId: layout.id } });
    frame = page.frameLocator(FRAME);
    await frame.locator('[data-layout] [data-zone="ticker"]').waitFor({ timeout: 30_000 });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Everything the layout must show, whichever way the screen is turned. */
  const expectLayoutShown = async (orientation: 'landscape' | 'portrait') => {
    const measured = await measure(frame);
    expect(measured.width > measured.height).toBe(orientation === 'landscape');
    for (const [id, expected] of Object.entries(ZONES)) {
      const box = measured.zones[id]!;
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(box[side] - expected[side]), `${orientation} zone ${id} ${side}`).toBeLessThanOrEqual(
          PLACE_TOLERANCE_PERCENT,
        );
      }
    }

    // The playlist zone's image, loaded.
    const image = frame.locator('[data-zone="main"] .layer.is-current img');
    await waitFor(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0));
    expect(await image.getAttribute('src')).toContain(mediaId);

    // The clock in the screen's zone (read between two instants, so a minute turning over in between is fine).
    const before = Date.now();
    const clockText = (await frame.locator('[data-zone="clock"] [data-app="clock"]').textContent()) ?? '';
    const after = Date.now();
    expect([screenTime(before), screenTime(after)].some((time) => clockText.startsWith(time))).toBe(true);

    // The ticker's row moves.
    const row = frame.locator('[data-zone="ticker"] [data-app="ticker"] > div');
    const offset = () => row.evaluate((node) => new DOMMatrix(getComputedStyle(node).transform).m41);
    const first = await offset();
    await page.waitForTimeout(500);
    expect(await offset()).not.toBe(first);
  };

  it('shows a playlist zone, a clock and a ticker where the layout puts them, in landscape', async () => {
    await expectLayoutShown('landscape');
    await saveScreenshot(page, 'layout-three-zones');
  }, 60_000);

  it('fills a portrait screen the same way once the screen is turned', async () => {
    await call('PATCH', `/screens/${screenId}`, { orientation: 'portrait' });
    await waitFor(() => measure(frame).then(({ width, height }) => height > width), 30_000);
    await expectLayoutShown('portrait');
    await saveScreenshot(page, 'layout-three-zones-portrait');
  }, 60_000);
});
