// Schedules on a real player (docs/schedules.md §Player behaviour): a real general player paired to a screen, in
// Chromium with the time zone of the place it stands, switches to a schedule's playlist when the window opens and
// back when it closes, by its own clock; an emergency override's message reaches the screen within 2 s, stays
// through a reload without network, and clears; and with the server stopped before a boundary, the player switches
// by itself to media it fetched ahead.
//
// Windows are whole minutes of the screen's local time (a schedule's from/to are HH:MM), so each waits for the
// next minute boundary at least WINDOW_LEAD_MS ahead. The player's clock is the real one: the frame corrects it by
// the server's offset, so faking it in the page would be undone.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import fs from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { gradientPng } from './studioJourneyAssets';

const MINUTE = 60_000;
/** A window opens at least this far ahead, so the schedule is stored and pushed before it opens. */
const WINDOW_LEAD_MS = 20_000;
/** How late a switch may show on screen after its boundary (a frame, an image decode, a slow machine). */
const SWITCH_SLACK_MS = 3000;
/** An override reaches the screen within this. */
const OVERRIDE_MS = 2000;
/** Longer than the content frame's getAppData poll (5 s): a stale answer of the player would show within it. */
const APP_DATA_POLL_SLACK_MS = 7000;

interface Screen {
  zone: string;
  context: BrowserContext;
  page: Page;
  frame: FrameLocator;
  screenId: string;
}

/** 'HH:MM' and 'YYYY-MM-DD' of `instant` on the wall clock of `zone`. */
function localParts(instant: number, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The next whole minute at least WINDOW_LEAD_MS from now. */
function nextMinute(): number {
  return Math.ceil((Date.now() + WINDOW_LEAD_MS) / MINUTE) * MINUTE;
}

const sleepUntil = (instant: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, instant - Date.now())));

describe('schedules on a real player', () => {
  const stage = useStage(['player', 'content']);
  let token: string;
  const screens: Screen[] = [];
  const media: Record<'lobby' | 'window' | 'offline', string> = { lobby: '', window: '', offline: '' };

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${stage.server.url}/api/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const upload = async (name: string, from: [number, number, number], to: [number, number, number]) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(gradientPng(320, 180, from, to))], { type: 'image/png' }),
      name,
    );
    const response = await fetch(`${stage.server.url}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload ${name}: ${response.status}`);
    return ((await response.json()) as { id: string }).id;
  };

  /** A real player in a browser whose clock and zone are `zone`'s, paired to a new screen. */
  const pairPlayer = async (zone: string): Promise<Screen> => {
    const context = await stage.browser.newContext({
      viewport: { width: 1280, height: 720 },
      timezoneId: zone,
    });
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/`);
    const frame = page.frameLocator(`#${MAIN_FRAME_ELEMENT_ID}`);
    const code = ((await frame.getByTestId('pairing-code').textContent({ timeout: 20_000 })) ?? '').replace(
      /\s/g,
      '',
    );
    const { id } = await api<{ id: string }>('POST', '/screens/pair', { code });
    await api('PATCH', `/screens/${id}`, { content: [{ src: media.lobby, durationMs: 60_000 }] });
    return { zone, context, page, frame, screenId: id };
  };

  /** Which of the test's media the screen shows now: a media key, 'message', 'idle', or null. */
  const showing = async (screen: Screen): Promise<string | null> => {
    if ((await screen.frame.getByTestId('message-screen').count()) > 0) return 'message';
    if ((await screen.frame.getByTestId('idle-screen').count()) > 0) return 'idle';
    const src = await screen.frame
      .locator('.layer.is-current img')
      .getAttribute('src', { timeout: 1000 })
      .catch(() => null);
    const key = (Object.keys(media) as Array<keyof typeof media>).find((name) => src?.includes(media[name]));
    return key ?? null;
  };

  /** Waits until every screen shows `what`; answers when they all did (hooks may not use expect.poll). */
  const allShow = async (what: string, timeout: number): Promise<number> => {
    const deadline = Date.now() + timeout;
    let shown: Array<string | null> = [];
    while (Date.now() < deadline) {
      shown = await Promise.all(screens.map(showing));
      if (shown.every((one) => one === what)) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The screens show ${JSON.stringify(shown)}, not ${what}, after ${timeout} ms`);
  };

  /** A schedule per screen, its window [opens, opens + 1 min) written in that screen's own local time. */
  const scheduleWindow = async (name: string, playlistId: string, opens: number) => {
    for (const screen of screens) {
      const from = localParts(opens, screen.zone);
      await api('POST', '/schedules', {
        name: `${name} (${screen.zone})`,
        playlistId,
        targets: { screenIds: [screen.screenId] },
        priority: 10,
        startsOn: from.date,
        endsOn: from.date,
        from: from.time,
        to: localParts(opens + MINUTE, screen.zone).time,
      });
    }
  };

  beforeAll(async () => {
    const signup = await fetch(`${stage.server.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'schedules@example.com',
        password: 'schedules-42',
        orgName: 'Schedules',
      }),
    });
    token = ((await signup.json()) as { idToken: string }).idToken;
    media.lobby = await upload('lobby.png', [20, 40, 90], [90, 140, 220]);
    media.window = await upload('window.png', [140, 40, 20], [240, 180, 60]);
    media.offline = await upload('offline.png', [20, 120, 60], [160, 230, 120]);
    for (const zone of ['Europe/London', 'America/New_York']) screens.push(await pairPlayer(zone));
    await allShow('lobby', 30_000);
  }, 120_000);

  /** How long after each boundary (or request) the screens showed it, in ms: kept with the run's artifacts. */
  const timings: Record<string, number> = {};

  afterAll(async () => {
    for (const screen of screens) await screen.context.close();
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    fs.writeFileSync(join(ARTIFACTS_DIR, 'player-schedule-timings.json'), JSON.stringify(timings, null, 2));
  });

  it(
    'switches to a window at its start and back at its end, each screen in its own zone',
    async () => {
      const playlist = await api<{ id: string }>('POST', '/playlists', {
        name: 'Window',
        items: [{ src: media.window, durationMs: 60_000 }],
      });
      const opens = nextMinute();
      await scheduleWindow('Window', playlist.id, opens);
      await sleepUntil(opens - 1500);
      expect((await Promise.all(screens.map(showing))).every((shown) => shown === 'lobby')).toBe(true);
      const switchedIn = await allShow('window', SWITCH_SLACK_MS + 1500);
      expect(switchedIn).toBeGreaterThanOrEqual(opens);
      timings.windowOpens = switchedIn - opens;
      await saveScreenshot(screens[0]!.page, 'player-schedule-window-open');
      await sleepUntil(opens + MINUTE - 1500);
      expect((await Promise.all(screens.map(showing))).every((shown) => shown === 'window')).toBe(true);
      const switchedOut = await allShow('lobby', SWITCH_SLACK_MS + 1500);
      expect(switchedOut).toBeGreaterThanOrEqual(opens + MINUTE);
      timings.windowCloses = switchedOut - opens - MINUTE;
    },
    4 * MINUTE,
  );

  it(
    'shows an emergency message within 2 s, keeps it through a reload without network, and clears it when deleted',
    async () => {
      const posted = Date.now();
      const override = await api<{ id: string }>('POST', '/overrides', {
        name: 'Evacuation',
        message: 'Please leave the building by the nearest exit',
        targets: { screenIds: screens.map((screen) => screen.screenId) },
        expiresAt: Date.now() + 10 * MINUTE,
      });
      const shown = await allShow('message', OVERRIDE_MS + 1000);
      expect(shown - posted).toBeLessThanOrEqual(OVERRIDE_MS);
      timings.overrideShown = shown - posted;
      await saveScreenshot(screens[0]!.page, 'player-schedule-override-message');
      // A reload with the server down: the player's offline copy still has the override, which has not expired.
      await stage.server.stop();
      try {
        await Promise.all(screens.map((screen) => screen.page.reload()));
        await allShow('message', 20_000);
      } finally {
        await stage.server.start();
      }
      const deleted = Date.now();
      await api('DELETE', `/overrides/${override.id}`);
      // Back online first: the players reconnect after the restart, then the deletion reaches them.
      timings.overrideClearedAfterRestart = (await allShow('lobby', 60_000)) - deleted;
      // And it stays cleared, though a player may still be backing off before it reconnects: its offline copy,
      // which still has the override, must not win over the frame's live value at the next poll.
      const stableUntil = Date.now() + APP_DATA_POLL_SLACK_MS;
      while (Date.now() < stableUntil) {
        expect(await Promise.all(screens.map(showing))).toEqual(screens.map(() => 'lobby'));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    3 * MINUTE,
  );

  it(
    'switches by itself, to media fetched ahead, when the server stops before a boundary',
    async () => {
      const playlist = await api<{ id: string }>('POST', '/playlists', {
        name: 'Offline window',
        items: [{ src: media.offline, durationMs: 60_000 }],
      });
      const opens = nextMinute();
      await scheduleWindow('Offline window', playlist.id, opens);
      // The new schedule reached every player (its realtime copy names it) and its media is in the content cache.
      for (const screen of screens) {
        await expect
          .poll(
            () =>
              screen.frame.locator('body').evaluate(async (_body, id) => {
                const cache = await caches.open('marquee-media');
                return (await cache.keys()).some((request) => request.url.includes(id));
              }, media.offline),
            { timeout: 15_000 },
          )
          .toBe(true);
      }
      expect(Date.now()).toBeLessThan(opens - 2000);
      await stage.server.stop();
      const switchedIn = await allShow('offline', opens - Date.now() + SWITCH_SLACK_MS);
      expect(switchedIn).toBeGreaterThanOrEqual(opens);
      timings.offlineWindowOpens = switchedIn - opens;
      await saveScreenshot(screens[0]!.page, 'player-schedule-offline-switch');
      const switchedOut = await allShow('lobby', opens + MINUTE - Date.now() + SWITCH_SLACK_MS);
      expect(switchedOut).toBeGreaterThanOrEqual(opens + MINUTE);
      timings.offlineWindowCloses = switchedOut - opens - MINUTE;
    },
    4 * MINUTE,
  );
});
