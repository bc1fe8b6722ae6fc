// The meeting-room player when its registration fails for another reason than a 403, in Chromium: the failure is
// logged and nothing else changes. A device registered before goes on with its stored credentials; a new one
// shows its empty frame. Neither shows the blocked view, which only a 403 brings (meet.registration.test.ts).
// The failure is a real one: this server takes one registration per minute from an address, and answers 429.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import { MEET_FRAME, meetPlayerId, openMeet } from './meet.support';
import { localValue, waitFor } from './player.support';
import { useUpRegistrations } from './meet.registrations.support';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startStage(['meet', 'content'], {
    env: { MARQUEE_RATE_LIMIT_REGISTRATIONS: '1' },
  }));
});
afterAll(() => stopStage({ server, browser }));

const BLOCKED = '[data-testid="meet-blocked"]';
const REGISTRATION_FAILED = 'registration failed';

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
        ? ((await response.json()) as { connected?: unknown; connected_at?: unknown } | null)
        : null;
      return (
        record?.connected === true && typeof record.connected_at === 'number' && record.connected_at >= since
      );
    },
    { id: playerId, since },
  );
}

describe('meeting player: registration refused with another status than 403', () => {
  it('logs it and goes on with the stored credentials, without the blocked view', async () => {
    const meet = await openMeet(browser, `${server.url}/meet/?id=room-r1`);
    const playerId = await meetPlayerId(meet.page);
    const stored = await localValue(meet.page, 'auth');
    await useUpRegistrations(server);

    const reloadedAt = Date.now();
    await meet.page.reload();
    await waitFor(async () => meet.errors.some((line) => line.includes(REGISTRATION_FAILED)));
    await meet.page.waitForSelector(MEET_FRAME);
    expect(await meet.page.$(BLOCKED)).toBeNull();
    expect(await localValue(meet.page, 'auth')).toEqual(stored);
    // Still a live player: signed in and connected on the credentials it had.
    await waitFor(() => connectedSince(meet.page, playerId, reloadedAt));
    await meet.context.close();
  });

  it('logs it on a device that never registered, which shows its empty frame, not the blocked view', async () => {
    await useUpRegistrations(server);
    const meet = await openMeet(browser, `${server.url}/meet/?id=room-r2`);
    await waitFor(async () => meet.errors.some((line) => line.includes(REGISTRATION_FAILED)));
    await meet.page.waitForSelector(MEET_FRAME);
    expect(await meet.page.$(BLOCKED)).toBeNull();
    expect(await meet.page.getAttribute(MEET_FRAME, 'src')).toBe('about:blank');
    expect(await localValue(meet.page, 'auth')).toBeNull();
    await meet.context.close();
  });
});
