// Where the meeting-room player's toasts appear, in Chromium: top-center, but bottom-center on the Zoom and Teams
// room platforms, whose own controls sit at the top of the screen. Opened on its own and inside the reference
// wrapper (/host/), which names the platform to the player as a meeting-room device maker's wrapper does.

import type { Browser, Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { MEET_FRAME } from './meet.support';
import { waitFor } from './player.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content', 'host']));
});
afterAll(() => stopStage({ server, browser }));

// Not Chrome: the browser check shows its warning toast 2 s after start, on every platform.
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const WARNING = 'Running in Google Chrome is recommended.';

/** The meeting player's document: the page itself, or the wrapper's player frame. */
async function meetingPlayer(url: string): Promise<{ player: Frame; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, userAgent: FIREFOX });
  const page = await context.newPage();
  await page.goto(url);
  const player = await waitFor(async () =>
    page.frames().find((frame) => new URL(frame.url()).pathname === '/meet/'),
  );
  await player.waitForSelector(MEET_FRAME);
  return { player, close: () => context.close() };
}

describe('meeting player: toast position', () => {
  it.each([
    ['on its own', 'top-center', '/meet/?id=room-t1'],
    ['in a Google Meet wrapper', 'top-center', '/host/?platform=meet&id=room-t2'],
    ['in a Zoom Rooms wrapper', 'bottom-center', '/host/?platform=zoom&id=room-t3'],
    ['in a Teams Room wrapper', 'bottom-center', '/host/?platform=mtr&id=room-t4'],
  ])('shows toasts %s at the %s', async (_where, position, path) => {
    const { player, close } = await meetingPlayer(`${server.url}${path}`);
    const toast = await player.waitForSelector(`.Toastify__toast:has-text("${WARNING}")`);
    const container = await toast.evaluateHandle((node) => node.closest('.Toastify__toast-container'));
    expect(await container.evaluate((node) => node?.className)).toContain(
      `Toastify__toast-container--${position}`,
    );
    // Where it is on the screen, not only what it is called: centred, at the top or the bottom of the frame.
    const box = await toast.boundingBox();
    const size = await player.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    expect(box).not.toBeNull();
    if (box !== null) {
      expect(Math.abs(box.x + box.width / 2 - size.width / 2)).toBeLessThan(2);
      if (position === 'top-center') expect(box.y).toBeLessThan(size.height / 4);
      else expect(box.y + box.height).toBeGreaterThan((size.height * 3) / 4);
    }
    await saveScreenshot(player.page(), `meet-toast-${path.split('&')[0]?.replace(/\W+/g, '-')}`);
    await close();
  });
});
