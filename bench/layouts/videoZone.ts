// Dropped frames of a video playing in the built content player, from the video element's own count
// (getVideoPlaybackQuality) over a window, in a stand-in player page (bench/player/idleCpu.ts's) that answers the
// content player's bridge with a fixed app/data: a full-screen video (the baseline) or a layout whose zone plays it.
// Beside them the floor: the same video alone on an empty page, what this browser on this machine manages at all.

import type { Browser, Frame } from 'playwright-core';
import { PLAYER_HTML } from '../player/idleCpu';

/** A video in the content player (answered this app/data), or on a page with nothing else (the machine's floor). */
export type VideoCase = { name: string; appData: unknown } | { name: string; bareVideoUrl: string };

export interface FrameFigures {
  name: string;
  totalFrames: number;
  droppedFrames: number;
  /** Frames shown (decoded and not dropped) per second of the window. */
  presentedPerSecond: number;
  /** Its box in the page, CSS pixels. */
  width: number;
  height: number;
}

const HOUR = 3_600_000;

/**
 * The three cases: the bare video full screen on an empty page (what the machine can do at all), the content player
 * showing it full screen without a layout, and the same video in a zone of a three-zone layout.
 */
export function videoCases(videoUrl: string, now: number): VideoCase[] {
  const video = { type: 'video', src: videoUrl, durationMs: 10 * 60_000 };
  const generatedAt = now - HOUR;
  const horizonEnd = generatedAt + 96 * HOUR;
  const layout = {
    name: 'Menu board',
    background: '#101820',
    zones: [
      { id: 'video', x: 0, y: 0, width: 75, height: 85, playlistId: 'videos' },
      { id: 'clock', x: 75, y: 0, width: 25, height: 85, app: { type: 'clock', showSeconds: true } },
      {
        id: 'ticker',
        x: 0,
        y: 85,
        width: 100,
        height: 15,
        app: { type: 'ticker', text: 'Soup of the day 4.50 · Coffee 2.20 · Open until 22:00', speed: 160 },
      },
    ],
  };
  const source = { kind: 'default', id: 'd', name: 'Board' };
  return [
    { name: 'bare <video> element, no player (floor)', bareVideoUrl: videoUrl },
    { name: 'full screen, no layout (baseline)', appData: { version: 1, items: [video] } },
    {
      name: 'zone of a 3-zone layout (clock, ticker)',
      appData: {
        version: 2,
        items: [video],
        timeline: {
          timezone: 'Europe/London',
          generatedAt,
          horizonEnd,
          playlists: { videos: { name: 'Videos', items: [video] } },
          layouts: { board: layout },
          rules: {
            timezone: 'Europe/London',
            schedules: [],
            overrides: [],
            defaultContent: { id: 'd', name: 'Board', playlistId: 'board' },
          },
          segments: [
            { start: generatedAt, end: horizonEnd, source, playlistIds: ['board'], reason: 'bench' },
          ],
        },
      },
    },
  ];
}

/** Where a case's video is: the content player's current layer, or the floor page's only video. */
const CURRENT_VIDEO = `document.querySelector('.layer.is-current video') ?? document.querySelector('body > video')`;

/** The floor: a page with one muted, looping video filling it, as a browser shows a video file at best. */
const floorPage = (videoUrl: string) =>
  `<!doctype html><html><body style="margin:0;background:#000;overflow:hidden">` +
  `<video src="${videoUrl}" muted autoplay loop playsinline preload="auto" ` +
  `style="display:block;width:100vw;height:100vh;object-fit:contain"></video></body></html>`;

// Run in the content frame; source text because this project has no DOM types.
const QUALITY = `(() => {
  const video = ${CURRENT_VIDEO};
  if (!video) return null;
  const quality = video.getVideoPlaybackQuality();
  const box = video.getBoundingClientRect();
  return { total: quality.totalVideoFrames, dropped: quality.droppedVideoFrames, width: box.width, height: box.height };
})()`;

/** Playing: enough data for the next frames, not paused. */
const PLAYING = `(() => {
  const video = ${CURRENT_VIDEO};
  return !!video && video.readyState >= 3 && !video.paused && video.currentTime > 0;
})()`;

interface Quality {
  total: number;
  dropped: number;
  width: number;
  height: number;
}

export async function measureVideoCase(
  browser: Browser,
  origin: string,
  videoCase: VideoCase,
  windowMs: number,
): Promise<FrameFigures> {
  const context = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    serviceWorkers: 'block',
  });
  try {
    await context.route(/\/bench\/player\.html$/, (route) =>
      route.fulfill({ contentType: 'text/html', body: PLAYER_HTML }),
    );
    const page = await context.newPage();
    let frame: Frame | undefined;
    if ('bareVideoUrl' in videoCase) {
      // Written into about:blank: a routed page counts as public address space, which may not load from loopback.
      await page.setContent(floorPage(videoCase.bareVideoUrl), { waitUntil: 'domcontentloaded' });
      frame = page.mainFrame();
    } else {
      await context.addInitScript(`window.__appData = ${JSON.stringify(videoCase.appData)};`);
      await page.goto(`${origin}/bench/player.html`);
      frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/content/');
    }
    if (frame === undefined) throw new Error('the content frame did not load');
    const quality = () => frame.evaluate(QUALITY) as Promise<Quality | null>;
    // Polled with evaluate: the content page's CSP refuses the string eval of waitForFunction.
    const deadline = Date.now() + 60_000;
    while (!((await frame.evaluate(PLAYING)) as boolean)) {
      if (Date.now() > deadline) throw new Error(`${videoCase.name}: the video did not start playing`);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(3000); // past the first frames' decode and the layer's fade-in
    const start = await quality();
    await page.waitForTimeout(windowMs);
    const end = await quality();
    if (start === null || end === null) throw new Error(`${videoCase.name}: the video left the screen`);
    const totalFrames = end.total - start.total;
    return {
      name: videoCase.name,
      totalFrames,
      droppedFrames: end.dropped - start.dropped,
      presentedPerSecond: (totalFrames - (end.dropped - start.dropped)) / (windowMs / 1000),
      width: Math.round(end.width),
      height: Math.round(end.height),
    };
  } finally {
    await context.close();
  }
}
