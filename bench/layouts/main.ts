// `npm run bench:layouts -w @marquee/bench`: a 4K video in a zone of a 1080p layout (docs/layouts.md §Playback),
// against the same video full screen without a layout, and alone on an empty page (the floor: what the browser
// manages on this machine at all), in the same run, in headless Debian Chromium with the built content player and
// the real server (@marquee/testbed's). Reports each case's dropped and total frames from the
// video element's getVideoPlaybackQuality() over the window and the layout's dropped share beside the baseline's;
// never a budget enforced. The 4K test video is made with ffmpeg (testVideo.ts) and served from 127.0.0.1 with
// byte ranges. BENCH_LAYOUTS_WINDOW_MS sets the window (60 s).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, assertBuilt, launchBrowser, startServer } from '@marquee/testbed';
import { fourKVideo, VIDEO_FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from './testVideo';
import { serveVideo } from './videoServer';
import { measureVideoCase, videoCases, type FrameFigures } from './videoZone';

const WINDOW_MS = Number(process.env.BENCH_LAYOUTS_WINDOW_MS ?? 60_000);
const VIDEO_SECONDS = 20;
const log = (line: string) => process.stderr.write(`[bench:layouts] ${line}\n`);

function row({ name, totalFrames, droppedFrames, presentedPerSecond, width, height }: FrameFigures): string {
  const share = totalFrames === 0 ? NaN : (droppedFrames / totalFrames) * 100;
  return (
    `4K video, ${name}`.padEnd(52) +
    ` dropped ${String(droppedFrames).padStart(5)} / ${String(totalFrames).padStart(5)} frames` +
    ` (${share.toFixed(2)} %)  ${presentedPerSecond.toFixed(1)} fps shown, at ${width}×${height}`
  );
}

async function main(): Promise<void> {
  await assertBuilt(['server', 'content']);
  log(`making the ${VIDEO_WIDTH}×${VIDEO_HEIGHT} ${VIDEO_FPS} fps test video`);
  const file = await fourKVideo(path.join(os.tmpdir(), 'marquee-bench-video'), VIDEO_SECONDS);
  const video = await serveVideo(file, 'video/mp4');
  const server = await startServer({ name: 'bench server' });
  const browser = await launchBrowser();
  const figures: FrameFigures[] = [];
  try {
    for (const videoCase of videoCases(video.url, Date.now())) {
      log(`${videoCase.name}: ${WINDOW_MS / 1000} s`);
      figures.push(await measureVideoCase(browser, server.url, videoCase, WINDOW_MS));
    }
  } finally {
    await browser.close();
    await server.close();
    await video.close();
  }
  const [floor, baseline, zone] = figures;
  const shown = (f: FrameFigures | undefined) => (f ? f.presentedPerSecond : NaN);
  const share = (f: FrameFigures | undefined) =>
    f && f.totalFrames > 0 ? f.droppedFrames / f.totalFrames : NaN;
  process.stdout.write(
    `${figures.map(row).join('\n')}\n` +
      `frames shown, full screen ÷ floor: ×${(shown(baseline) / shown(floor)).toFixed(2)};` +
      ` in a zone ÷ floor: ×${(shown(zone) / shown(floor)).toFixed(2)}\n` +
      `dropped share in a zone ÷ full screen: ×${(share(zone) / share(baseline)).toFixed(2)}` +
      ` (over ${WINDOW_MS / 1000} s each, the same run; ${VIDEO_FPS} fps source)\n`,
  );
  const results = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(results, { recursive: true });
  const out = path.join(results, `layouts-video-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      { windowMs: WINDOW_MS, video: { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, fps: VIDEO_FPS }, figures },
      null,
      2,
    ),
  );
  log(`wrote ${path.relative(REPO_ROOT, out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
