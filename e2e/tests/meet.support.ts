// Helpers of the meeting-room player's end-to-end tests.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../harness/server';
import { api, pair, waitFor, type Operator } from './player.support';

export const MEET_FRAME = '#marquee-meet-frame';

export interface MeetPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A page of the meeting player, recording console errors and the overridden-player broadcasts. */
export async function openMeet(
  browser: Browser,
  url: string,
  options: { userAgent?: string; context?: BrowserContext; clock?: boolean; paused?: boolean } = {},
): Promise<MeetPage> {
  const context =
    options.context ??
    (await browser.newContext({
      viewport: { width: 1280, height: 720 },
      ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    const win = window as unknown as { __meetMessages: unknown[] };
    win.__meetMessages = [];
    window.addEventListener('overriddenPlayerMessage', (event) =>
      win.__meetMessages.push((event as CustomEvent).detail),
    );
  });
  if (options.clock || options.paused) await page.clock.install({ time: Date.now() });
  // Time stands still from the first script on: a timer's delay is the page clock's, whatever loading took.
  if (options.paused) await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(url);
  return { context, page, errors };
}

/** The player id the page registered under (its API token's subject). */
export async function meetPlayerId(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
    if (auth === null) return null;
    return (
      JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string }
    ).sub;
  });
  return (await handle.jsonValue()) as string;
}

/** The pairing code, read as the player itself can (the meeting player shows none). */
export async function meetPairingCode(page: Page, playerId: string): Promise<string> {
  return waitFor(() =>
    page.evaluate(async (id) => {
      const identity = JSON.parse(localStorage.getItem('firebase:authUser:marquee:[DEFAULT]') ?? 'null') as {
        idToken: string;
      } | null;
      if (identity === null) return null;
      const response = await fetch(
        `/db/players/${id}/pairing/code.json?auth=${encodeURIComponent(identity.idToken)}`,
      );
      const code = response.ok ? ((await response.json()) as unknown) : null;
      return typeof code === 'string' ? code : null;
    }, playerId),
  );
}

/** Registers a meeting player and pairs it to a new screen of `operator`. */
export async function pairedMeet(
  browser: Browser,
  server: RunningServer,
  operator: Operator,
  id: string,
): Promise<MeetPage & { playerId: string; screenId: string }> {
  const meet = await openMeet(browser, `${server.url}/meet/?id=${id}`);
  const playerId = await meetPlayerId(meet.page);
  const code = await meetPairingCode(meet.page, playerId);
  const screen = await pair(server, operator, code, `Room ${id}`);
  // Pairing raises reset_credentials: the player reloads and registers with the new claims.
  await meet.page.waitForFunction(() => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
    return (
      auth !== null &&
      JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).screen_id
    );
  });
  await meet.page.waitForSelector(MEET_FRAME);
  return { ...meet, playerId, screenId: screen.id };
}

export async function setOverriddenPlayer(
  server: RunningServer,
  operator: Operator,
  playerId: string,
  value: unknown,
): Promise<void> {
  const { status, body } = await api(
    server,
    'PUT',
    `/api/v1/players/${playerId}/overridden_player`,
    { value },
    operator.token,
  );
  if (status !== 200) throw new Error(`overridden_player answered ${status}: ${JSON.stringify(body)}`);
}

export async function setAppToken(
  server: RunningServer,
  operator: Operator,
  playerId: string,
  token: string | null,
): Promise<void> {
  const { status, body } = await api(
    server,
    'PUT',
    `/api/v1/players/${playerId}/app_token`,
    { token },
    operator.token,
  );
  if (status !== 200) throw new Error(`app_token answered ${status}: ${JSON.stringify(body)}`);
}

export function frameSrc(page: Page): Promise<string | null> {
  return page.getAttribute(MEET_FRAME, 'src');
}
