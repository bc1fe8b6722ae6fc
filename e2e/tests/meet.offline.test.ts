// A meeting-room screen restarted without network, in Chromium: loaded once online, it starts again with the
// server unreachable and shows its content. Its service worker keeps the player's shell, the realtime client's
// offline copy keeps app (the frame source and the content manifest), the content player's worker keeps its shell
// and the media. connection/id alone has no offline copy. When the server is back, the player goes live again on
// the credentials it kept.

import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { MEET_FRAME, pairedMeet, setAppToken } from './meet.support';
import { api, signUp, waitFor } from './player.support';
import { gradientPng } from './studioJourneyAssets';

const stage = useStage(['meet', 'content']);

const IMAGE = '.layer.is-current img[src*="/media/"]';

/** The meeting page's content frame once it shows the content player. */
async function contentFrame(page: Page): Promise<Frame> {
  return waitFor(async () => {
    const frame = await (await page.$(MEET_FRAME))?.contentFrame();
    return frame && new URL(frame.url()).pathname === '/content/' ? frame : null;
  });
}

/** Whether the player's connection record says connected since `since` (read as the player reads it). */
function connectedSince(page: Page, playerId: string, since: number): Promise<boolean> {
  return page.evaluate(
    async ({ id, since }) => {
      const identity = JSON.parse(localStorage.getItem('firebase:authUser:marquee:[DEFAULT]') ?? 'null') as {
        idToken: string;
      } | null;
      if (identity === null) return false;
      const response = await fetch(
        `/db/players/${id}/connection.json?auth=${encodeURIComponent(identity.idToken)}`,
      );
      const record = response.ok
        ? ((await response.json()) as { connected?: unknown; connected_at?: unknown })
        : null;
      return (
        record?.connected === true && typeof record.connected_at === 'number' && record.connected_at >= since
      );
    },
    { id: playerId, since },
  );
}

describe('meeting player: offline start', () => {
  it('shows its content after a restart with the server unreachable, and goes live when it is back', async () => {
    const { server, browser } = stage;
    const operator = await signUp(server);
    const { context, page, playerId, screenId, errors } = await pairedMeet(
      browser,
      server,
      operator,
      'room-n1',
    );
    await setAppToken(server, operator, playerId, 'offline-token');

    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(gradientPng(640, 360, [30, 60, 120], [220, 140, 40]))], { type: 'image/png' }),
      'room.png',
    );
    const upload = await fetch(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${operator.token}` },
      body: form,
    });
    const media = (await upload.json()) as { id: string };
    const changed = await api(
      server,
      'PATCH',
      `/api/v1/screens/${screenId}`,
      { content: [{ src: media.id }] },
      operator.token,
    );
    expect(changed.status).toBe(200);
    await (await contentFrame(page)).waitForSelector(IMAGE, { timeout: 20_000 });
    // Everything an offline start needs is in place: both workers installed and controlling a load of their page
    // (the content player's worker keeps a copy of the pages it served), the media cached.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await waitFor(async () =>
      (await contentFrame(page)).evaluate(
        async () =>
          navigator.serviceWorker.controller !== null &&
          (await (await caches.open('marquee-media')).keys()).length === 1,
      ),
    );
    const copies = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('firebase:rtdb:')),
    );
    expect(copies).toContain(`firebase:rtdb:players/${playerId}/app`);
    expect(copies).not.toContain(`firebase:rtdb:players/${playerId}/connection/id`);

    await server.stop();
    errors.length = 0;
    await page.reload();
    const frame = await contentFrame(page);
    expect(new URL(frame.url()).searchParams.get('token')).toBe('offline-token');
    const image = await frame.waitForSelector(IMAGE, { timeout: 20_000 });
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
    expect(await page.$('[data-testid="meet-blocked"]')).toBeNull();
    await waitFor(async () => errors.some((line) => line.includes('registration failed')));
    await saveScreenshot(page, 'meet-offline-start');

    const backAt = Date.now();
    await server.start();
    await waitFor(() => connectedSince(page, playerId, backAt), 60_000);
    await context.close();
  });
});
