// reset_credentials on the meeting-room player, in Chromium: it rotates its credentials with the stored secret
// (DELETE /_internal/players/{id}/credentials, the secret as Authorization), stores the new auth and reloads once.
// The rotation does not lean on the next load's registration: this server takes one registration per minute from
// an address, so every load after the first is refused (429), as on a site where many screens share one address.

import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { MEET_FRAME, pairedMeet } from './meet.support';
import { api, localValue, markPage, signUp, waitFor } from './player.support';
import { useUpRegistrations } from './meet.registrations.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content'], {
    env: { MARQUEE_RATE_LIMIT_REGISTRATIONS: '1' },
  }));
});
afterAll(() => stopStage({ server, browser }));

interface Auth {
  apiToken: string;
  secret: string;
}

describe('meeting player: reset_credentials', () => {
  it('rotates the credentials with the stored secret, stores the new auth and reloads once', async () => {
    const operator = await signUp(server);
    // Pairing raises reset_credentials: the pairing's claims arrive by the rotation, not by a registration.
    const { context, page, playerId, screenId } = await pairedMeet(browser, server, operator, 'room-k1');
    const before = (await localValue(page, 'auth')) as Auth;
    const rotations: Request[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'DELETE' &&
        request.url().endsWith(`/_internal/players/${playerId}/credentials`)
      )
        rotations.push(request);
    });

    await useUpRegistrations(server);
    await markPage(page);
    const raised = await api<{ id: string }>(
      server,
      'POST',
      `/api/v1/screens/${screenId}/commands`,
      { command: 'reset_credentials' },
      operator.token,
    );
    expect(raised.status).toBe(201);
    await page.waitForFunction(() => !(window as unknown as { __mark?: boolean }).__mark, undefined, {
      timeout: 20_000,
    });
    await page.waitForSelector(MEET_FRAME);
    const after = (await localValue(page, 'auth')) as Auth;
    expect(after.secret).not.toBe(before.secret);
    expect(after.apiToken).not.toBe(before.apiToken);
    expect(rotations).toHaveLength(1);
    expect(await rotations[0]?.headerValue('authorization')).toBe(before.secret);

    // The server cleared the flag, and the old secret no longer works.
    const cleared = await waitFor(async () => {
      const { body } = await api<{ commands: { id: string; state: string }[] }>(
        server,
        'GET',
        `/api/v1/screens/${screenId}/commands`,
        undefined,
        operator.token,
      );
      return body.commands.find(
        (candidate) => candidate.id === raised.body.id && candidate.state === 'acknowledged',
      );
    });
    expect(cleared).toBeDefined();
    const old = await fetch(`${server.url}/_internal/players/${playerId}/credentials`, {
      method: 'DELETE',
      headers: { Authorization: before.secret },
    });
    expect(old.status).toBe(401);

    // One reload, not a loop: the reloaded page stays.
    await markPage(page);
    await page.waitForTimeout(3000);
    expect(await page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
    expect(rotations).toHaveLength(1);
    await context.close();
  });
});
