// Shared steps of the general player's end-to-end tests: the real server, Debian Chromium, a fresh browser
// context per device, and the management API an operator would use to pair and command the player.

import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import type { RunningServer } from '../harness/server';
import { useStage, type App } from '../harness/stage';

export const FRAME = `#${MAIN_FRAME_ELEMENT_ID}`;

export interface Operator {
  token: string;
  orgId: string;
}

export async function api<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

let operatorCount = 0;
/** Signs an owner up with a new organisation; a test that signs in through the studio gives its email and password. */
export async function signUp(
  server: RunningServer,
  account: { email?: string; password?: string; orgName?: string } = {},
): Promise<Operator> {
  const { status, body } = await api<{ idToken: string; org: { id: string } }>(
    server,
    'POST',
    '/api/v1/auth/signup',
    {
      email: account.email ?? `operator${++operatorCount}-${Date.now()}@example.com`,
      password: account.password ?? 'correct horse battery',
      orgName: account.orgName ?? 'Shop',
    },
  );
  if (status !== 201) throw new Error(`signup answered ${status}: ${JSON.stringify(body)}`);
  return { token: body.idToken, orgId: body.org.id };
}

/** The stage of a general player's test file (useStage) with an operator signed up once for the file. */
export function usePlayerStage(apps: readonly App[]) {
  return useStage(apps, { prepare: async ({ server }) => ({ operator: await signUp(server) }) });
}

export async function newPlayerPage(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/**
 * A key of the page's localStorage. The player reloads itself after some commands (reset_credentials stores the new
 * auth, then reloads): a read that meets the reload is made again once the new document has loaded.
 */
export async function localValue(page: Page, key: string): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await page.evaluate((k) => {
        const text = localStorage.getItem(k);
        return text === null ? null : (JSON.parse(text) as unknown);
      }, key);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

/** The player id of the page's stored API token. */
export async function playerIdOf(page: Page): Promise<string> {
  await page.waitForFunction(() => localStorage.getItem('auth') !== null);
  const auth = (await localValue(page, 'auth')) as { apiToken: string };
  const payload = JSON.parse(Buffer.from(auth.apiToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return payload.sub;
}

/** The content frame once it shows `path` (e.g. '/content/pair'). */
export async function contentFrame(page: Page, path: string): Promise<Frame> {
  await page.waitForFunction(
    ([selector, wanted]) => {
      const frame = document.querySelector(selector) as HTMLIFrameElement | null;
      return frame !== null && new URL(frame.src).pathname.startsWith(wanted);
    },
    [FRAME, path] as const,
  );
  // The player may replace the frame element while it settles (a new URL, a re-render): retry until the frame
  // found is attached and shows `path`.
  let shown = 'no frame';
  for (let attempt = 1; ; attempt += 1) {
    try {
      const frame = await (await page.waitForSelector(FRAME)).contentFrame();
      if (frame !== null && new URL(frame.url()).pathname.startsWith(path)) return frame;
      shown = frame === null ? 'a detached frame' : frame.url();
    } catch (error) {
      if (attempt >= 50) throw error;
    }
    if (attempt >= 50) throw new Error(`no content frame showing ${path}: it shows ${shown}`);
    await page.waitForTimeout(100);
  }
}

/** The pairing code of the player, from the realtime tree's REST read as the player itself. */
export async function pairingCodeOf(page: Page): Promise<string> {
  const code = await page.waitForFunction(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.endsWith('/pairing/code') || key.endsWith('/pairing')) {
        const value = localStorage.getItem(key) ?? '';
        const match = /"?([A-HJ-NP-Z2-9]{6})"?/.exec(value.slice(value.indexOf(':') + 1));
        if (match) return match[1];
      }
    }
    return null;
  });
  return (await code.jsonValue()) as string;
}

export async function pair(
  server: RunningServer,
  operator: Operator,
  code: string,
  name?: string,
): Promise<{ id: string }> {
  const { status, body } = await api<{ id: string }>(
    server,
    'POST',
    '/api/v1/screens/pair',
    { code, ...(name === undefined ? {} : { name }) },
    operator.token,
  );
  if (status !== 201) throw new Error(`pair answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

export interface CommandView {
  id: string;
  command: string;
  state: 'pending' | 'acknowledged';
  acknowledgedAt: number | null;
}

/** Raises `command` on the screen and waits for the player's acknowledgement. */
export async function command(
  server: RunningServer,
  operator: Operator,
  screenId: string,
  name: string,
  param?: unknown,
): Promise<CommandView> {
  const raised = await api<CommandView>(
    server,
    'POST',
    `/api/v1/screens/${screenId}/commands`,
    { command: name, ...(param === undefined ? {} : { param }) },
    operator.token,
  );
  if (raised.status !== 201) throw new Error(`command ${name} answered ${raised.status}`);
  return waitFor(async () => {
    const { body } = await api<{ commands: CommandView[] }>(
      server,
      'GET',
      `/api/v1/screens/${screenId}/commands`,
      undefined,
      operator.token,
    );
    const view = body.commands.find((candidate) => candidate.id === raised.body.id);
    return view?.state === 'acknowledged' ? view : null;
  });
}

/** Registers a player in a new context, pairs it, and waits for its content. */
export async function pairedPlayer(
  browser: Browser,
  server: RunningServer,
  operator: Operator,
  url = `${server.url}/`,
): Promise<{ context: BrowserContext; page: Page; screenId: string; playerId: string }> {
  const { context, page } = await newPlayerPage(browser, url);
  const playerId = await playerIdOf(page);
  const code = await pairingCodeOf(page);
  const screen = await pair(server, operator, code);
  await page.waitForFunction(() => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { apiToken: string } | null;
    return (
      auth !== null &&
      JSON.parse(atob(auth.apiToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).screen_id
    );
  });
  await page.waitForFunction(() => localStorage.getItem('__sc_player_url') !== null);
  // The rotation ends with a reload: wait for the reloaded, connected player.
  await page.waitForFunction(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return (
      entry?.type === 'reload' && document.querySelector('[data-testid="connection"][data-database="true"]')
    );
  });
  return { context, page, screenId: screen.id, playerId };
}

/**
 * Puts every timer of the player on Playwright's clock, paused: the clock is installed, the page reloaded (timers
 * armed before the install would otherwise keep real time and fire on their own) and, once the reloaded player is
 * connected, paused, so only runFor moves time.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.reload();
  await page.waitForSelector('[data-testid="connection"][data-database="true"]', { state: 'attached' });
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Marks the page's window so that a reload can be told apart (the mark goes with the page). */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __mark: boolean }).__mark = true));
}

export async function waitForReload(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __mark?: boolean }).__mark !== true, undefined, {
    timeout: 20_000,
  });
  await page.waitForSelector('[data-testid="connection"]', { state: 'attached' });
}

export async function screenView(
  server: RunningServer,
  operator: Operator,
  screenId: string,
): Promise<{
  name: string;
  settings: Record<string, unknown>;
  status: {
    online: boolean;
    ip: string | null;
    platform: string | null;
    version: string | null;
    uptimeSeconds: number | null;
  };
}> {
  const { status, body } = await api<Awaited<ReturnType<typeof screenView>>>(
    server,
    'GET',
    `/api/v1/screens/${screenId}`,
    undefined,
    operator.token,
  );
  if (status !== 200) throw new Error(`screen answered ${status}`);
  return body;
}

/** The visible texts of the sidebar's controls, in order. */
export function sidebarControls(page: Page | Frame): Promise<string[]> {
  return page.$$eval(
    '.sidebar__body label.field__label, .sidebar__body legend, .sidebar__body .switch > span:first-child, .sidebar__body .actions button',
    (nodes) => nodes.map((node) => (node.textContent ?? '').trim()),
  );
}
