// What an operator sees of a real player in the studio, in Chromium: an uptime that counts on between heartbeats
// (the first heartbeat, sent when the player starts, says 0), and on the screen page only the block action that
// applies.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStage } from '../harness/stage';
import { api, pairedPlayer, type Operator } from './player.support';
import { signInToStudio } from './studio.support';

const PASSWORD = 'correct horse 42';

/** An operator signed up through the API and signed in to the studio in a page of its own. */
async function signedInStudio(
  stage: ReturnType<typeof useStage>,
): Promise<{ operator: Operator; studio: Page }> {
  const email = `status-${Date.now()}@corner.example`;
  const { status, body } = await api<{ idToken: string; org: { id: string } }>(
    stage.server,
    'POST',
    '/api/v1/auth/signup',
    { email, password: PASSWORD, orgName: 'Corner Coffee' },
  );
  expect(status).toBe(201);
  const studio = await stage.browser.newPage({ viewport: { width: 1280, height: 720 } });
  await signInToStudio(studio, stage.server.url, email, PASSWORD);
  await studio.getByText('No screens yet').waitFor();
  return { operator: { token: body.idToken, orgId: body.org.id }, studio };
}

describe('studio: the status of a real screen', () => {
  const stage = useStage(['player', 'content', 'studio']);

  it('shows the uptime counting on from the first heartbeat, and only the block action that applies', async () => {
    const { operator, studio } = await signedInStudio(stage);
    const { context, screenId } = await pairedPlayer(stage.browser, stage.server, operator);
    // The player reloaded into its paired session and sent its first heartbeat then; the next comes a minute later.
    await studio.waitForTimeout(6000);
    await studio.reload();
    // The uptime column comes after the selection, name, status, tags, time zone, heartbeat, platform, version and IP.
    const uptime = await studio.getByTestId(`screen-row-${screenId}`).getByRole('cell').nth(9).textContent();
    const seconds = /^0hr 0m (\d+)s$/.exec(uptime ?? '')?.[1];
    expect(Number(seconds), `uptime shown: ${uptime}`).toBeGreaterThanOrEqual(4);

    await studio.getByRole('link', { name: 'Marquee Player' }).click();
    await studio.getByRole('button', { name: 'Block device' }).click();
    await studio.getByRole('dialog').getByRole('button', { name: "Yes, I'm sure" }).click();
    await studio.getByRole('button', { name: 'Unblock' }).waitFor();
    expect(await studio.getByRole('button', { name: 'Block device' }).count()).toBe(0);
    await studio.reload();
    await studio.getByRole('button', { name: 'Unblock' }).waitFor();
    expect(await studio.getByRole('button', { name: 'Block device' }).count()).toBe(0);
    await studio.getByRole('button', { name: 'Unblock' }).click();
    await studio.getByRole('button', { name: 'Block device' }).waitFor();
    expect(await studio.getByRole('button', { name: 'Unblock' }).count()).toBe(0);
    await context.close();
    await studio.close();
  });
});
