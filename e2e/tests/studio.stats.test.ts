// The screen page of the studio shows the runtime stats a real player reported (docs/player.md §Stats), on the
// player's real schedule (the first report 10 to 30 s after its load): uptime, heap, the frame, the content
// version, the online share and how long ago the report came.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { api, pairedPlayer } from './player.support';
import { signInToStudio } from './studio.support';

const PASSWORD = 'correct horse battery';

const stage = useStage(['player', 'content', 'studio']);

describe("studio: a screen's runtime stats", () => {
  it('shows the latest report of the paired player', async () => {
    const email = `stats-${Date.now()}@example.com`;
    const signedUp = await api<{ idToken: string; org: { id: string } }>(
      stage.server,
      'POST',
      '/api/v1/auth/signup',
      {
        email,
        password: PASSWORD,
        orgName: 'Stats Shop',
      },
    );
    expect(signedUp.status).toBe(201);
    const operator = { token: signedUp.body.idToken, orgId: signedUp.body.org.id };
    const player = await pairedPlayer(stage.browser, stage.server, operator);
    const { body: screen } = await api<{ content: { version: number } }>(
      stage.server,
      'GET',
      `/api/v1/screens/${player.screenId}`,
      undefined,
      operator.token,
    );

    const studioContext = await stage.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studio = await studioContext.newPage();
    await signInToStudio(studio, stage.server.url, email, PASSWORD);
    await expect.poll(() => studio.url()).toBe(`${stage.server.url}/studio/screens`);
    await studio.getByRole('link', { name: 'Marquee Player' }).click();

    const card = studio.getByLabel('Runtime stats');
    await card.waitFor();
    // The first report comes 10 to 30 s after the player's load, the page refreshes the screen every 15 s.
    await card.getByText(/^Reported \d+ s ago$/).waitFor({ timeout: 60_000 });
    await expect.poll(() => card.getByText('Responsive', { exact: true }).count()).toBe(1);
    expect(await card.getByText(`Version ${screen.content.version}`, { exact: true }).count()).toBe(1);
    expect(await card.getByText(/^100% online · offline 0hr 0m 0s$/).count()).toBe(1);
    expect(await card.getByText(/^0hr 0m \d+s$/).count()).toBe(1);
    expect(await card.getByText(/MB used of/).count()).toBe(1);
    await saveScreenshot(studio, 'studio-screen-runtime-stats');

    await studioContext.close();
    await player.context.close();
  });
});
