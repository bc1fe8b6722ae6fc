// Offline play: once a paired screen has shown an uploaded image, it shows it again after a reboot (a fresh page
// load) with the server down: the content player's service worker serves its app shell and the media file, the
// player its own shell and the last app/data it stored.

import { describe, expect, it } from 'vitest';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { gradientPng } from './studioJourneyAssets';

describe('content player offline', () => {
  const stage = useStage(['player', 'content']);

  it('shows the cached image after a reload with the server stopped', async () => {
    const signup = await fetch(`${stage.server.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'offline@example.com', password: 'offline-42', orgName: 'Offline' }),
    });
    const { idToken } = (await signup.json()) as { idToken: string };
    const auth = { Authorization: `Bearer ${idToken}` };

    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/`);
    const frame = page.frameLocator(`#${MAIN_FRAME_ELEMENT_ID}`);
    const code = ((await frame.getByTestId('pairing-code').textContent({ timeout: 20_000 })) ?? '').replace(
      /\s/g,
      '',
    );
    const paired = await fetch(`${stage.server.url}/api/v1/screens/pair`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const screenId = ((await paired.json()) as { id: string }).id;
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(gradientPng(640, 360, [20, 90, 60], [200, 220, 80]))], { type: 'image/png' }),
      'offline.png',
    );
    const media = (await (
      await fetch(`${stage.server.url}/api/v1/media`, { method: 'POST', headers: auth, body: form })
    ).json()) as { id: string };
    await fetch(`${stage.server.url}/api/v1/screens/${screenId}`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: [{ src: media.id }] }),
    });
    const image = frame.locator('.layer.is-current img[src*="/media/"]');
    await image.waitFor({ timeout: 20_000 });
    // The media cache is filled as soon as the manifest names the file.
    await expect
      .poll(
        () =>
          frame
            .locator('body')
            .evaluate(async () => (await (await caches.open('marquee-media')).keys()).length),
        { timeout: 10_000 },
      )
      .toBe(1);

    await stage.server.stop();
    await page.reload();
    await image.waitFor({ timeout: 20_000 });
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await page.waitForTimeout(900);
    await saveScreenshot(page, 'content-offline-after-reload');
    await context.close();
  });
});
