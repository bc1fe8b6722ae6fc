// The pairing page as a screen shows it: landscape and portrait, and opened on its own without a player, where it
// must say what it is rather than stay blank.

import { describe, expect, it } from 'vitest';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { FAKE_PLAYER_HTML, StandInPlayer } from './studioJourneyPlayer';

describe('content pairing page', () => {
  const stage = useStage(['content']);

  it('explains itself when opened without a player', async () => {
    const page = await stage.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${stage.server.url}/content/pair`);
    await page.getByText('This page runs inside the Marquee player').waitFor();
    expect(await page.getByRole('link', { name: `${stage.server.url}/` }).getAttribute('href')).toBe(
      `${stage.server.url}/`,
    );
    await saveScreenshot(page, 'content-without-player');
    await page.close();
  });

  it('lays the code and QR code out for a portrait screen', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 720, height: 1280 } });
    await context.route(/\/e2e\/player\.html$/, (route) =>
      route.fulfill({ contentType: 'text/html', body: FAKE_PLAYER_HTML }),
    );
    const player = new StandInPlayer(stage.server.url, await context.newPage());
    await player.start();
    const frame = player.page.frameLocator(`#${MAIN_FRAME_ELEMENT_ID}`);
    const code = frame.getByTestId('pairing-code');
    const qr = frame.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    const [codeBox, qrBox] = [await code.boundingBox(), await qr.boundingBox()];
    // Stacked: the QR code below the code, both inside the screen.
    expect(qrBox!.y).toBeGreaterThan(codeBox!.y + codeBox!.height);
    expect(qrBox!.y + qrBox!.height).toBeLessThanOrEqual(1280);
    expect(codeBox!.x).toBeGreaterThanOrEqual(0);
    expect(codeBox!.x + codeBox!.width).toBeLessThanOrEqual(720);
    await saveScreenshot(player.page, 'content-pairing-portrait');
    player.stop();
    await context.close();
  });
});
