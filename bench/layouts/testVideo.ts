// A 4K test video made on this machine with ffmpeg (Debian's `ffmpeg` package; never committed): ffmpeg's moving
// test pattern at 3840×2160, 30 frames per second, H.264, which Chromium decodes as a screen's browser would.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const VIDEO_WIDTH = 3840;
export const VIDEO_HEIGHT = 2160;
export const VIDEO_FPS = 30;

/** Makes (or reuses) the test video in `dir`; resolves with its path. Throws naming the missing ffmpeg. */
export async function fourKVideo(dir: string, seconds: number): Promise<string> {
  const file = path.join(dir, `test-4k-${seconds}s.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.partial.mp4`;
  try {
    await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:rate=${VIDEO_FPS}`,
        '-t',
        String(seconds),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        'high',
        '-level',
        '5.1',
        '-movflags',
        '+faststart',
        partial,
      ],
      { timeout: 10 * 60_000 },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('ffmpeg is not installed (apt-get install -y ffmpeg): it makes the 4K test video', {
        cause: error,
      });
    }
    throw error;
  }
  fs.renameSync(partial, file);
  return file;
}
