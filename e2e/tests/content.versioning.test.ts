// Content versioning (docs/data-model.md §Content manifest): every change an operator makes to what a screen shows
// produces a new app/data version, and the content player on the screen picks it up: content, playlist items,
// durations, a replaced media file, and a re-paired screen. The operator acts through the management API; the screen
// is the real content player in Chromium, framed by the test's stand-in player.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { useStage } from '../harness/stage';
import { gradientPng } from './studioJourneyAssets';
import { FAKE_PLAYER_HTML, StandInPlayer } from './studioJourneyPlayer';

interface ContentState {
  version: number | null;
  item: { type: string; src: string; durationMs: number } | null;
}

describe('content versioning', () => {
  const stage = useStage(['content']);
  let context: BrowserContext;
  let player: StandInPlayer;
  let token: string;
  let screenId: string;

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
  const upload = async (method: 'POST' | 'PUT', path: string, png: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slide.png');
    const response = await fetch(`${stage.server.url}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; url: string };
  };
  const pair = async (): Promise<string> => {
    const deadline = Date.now() + 15_000;
    while (player.pairingCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return (await api<{ id: string }>('POST', '/screens/pair', { code: player.pairingCode })).id;
  };
  const setContent = async (content: unknown) =>
    (await api<{ content: { version: number } }>('PATCH', `/screens/${screenId}`, { content })).content
      .version;
  /** Waits until the screen shows an item of manifest `version` and returns what it shows. */
  const shown = async (version: number): Promise<ContentState> => {
    let state: ContentState = { version: null, item: null };
    await expect
      .poll(
        async () => {
          state = ((await player.contentState().catch(() => null)) ?? state) as ContentState;
          // The manifest arrives a render before the player picks its first item: wait for both.
          return state.item === null ? null : state.version;
        },
        { timeout: 20_000 },
      )
      .toBe(version);
    return state;
  };

  beforeAll(async () => {
    context = await stage.browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.route(/\/e2e\/player\.html$/, (route) =>
      route.fulfill({ contentType: 'text/html', body: FAKE_PLAYER_HTML }),
    );
    const signup = await fetch(`${stage.server.url}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'versions@example.com', password: 'versions-42', orgName: 'Versions' }),
    });
    token = ((await signup.json()) as { idToken: string }).idToken;
    player = new StandInPlayer(stage.server.url, await context.newPage());
    await player.start();
    screenId = await pair();
  });

  afterAll(async () => {
    player?.stop();
  });

  it('a content change', async () => {
    const first = await setContent(`${stage.server.url}/healthz?page=a`);
    expect((await shown(first)).item?.src).toBe(`${stage.server.url}/healthz?page=a`);
    const second = await setContent(`${stage.server.url}/healthz?page=b`);
    expect(second).toBe(first + 1);
    expect((await shown(second)).item?.src).toBe(`${stage.server.url}/healthz?page=b`);
  });

  it('playlist items added', async () => {
    const version = await setContent([
      { src: `${stage.server.url}/healthz?page=a`, durationMs: 60_000 },
      { src: `${stage.server.url}/healthz?page=c`, durationMs: 60_000 },
    ]);
    expect((await shown(version)).item?.src).toBe(`${stage.server.url}/healthz?page=a`);
  });

  it('durations changed', async () => {
    const version = await setContent([
      { src: `${stage.server.url}/healthz?page=a`, durationMs: 45_000 },
      { src: `${stage.server.url}/healthz?page=c`, durationMs: 60_000 },
    ]);
    expect((await shown(version)).item?.durationMs).toBe(45_000);
  });

  it('a media file replaced', async () => {
    const media = await upload('POST', '/media', gradientPng(64, 36, [0, 80, 160], [0, 160, 80]));
    const version = await setContent([{ src: media.id, durationMs: 60_000 }]);
    const before = (await shown(version)).item?.src;
    expect(before).toBe(media.url);
    const replaced = await upload(
      'PUT',
      `/media/${media.id}`,
      gradientPng(64, 36, [200, 30, 30], [240, 200, 0]),
    );
    expect(replaced.url).not.toBe(media.url);
    const after = await shown(version + 1);
    expect(after.item?.src).toBe(replaced.url);
  });

  it('the screen re-paired', async () => {
    await api('DELETE', `/screens/${screenId}`);
    screenId = await pair();
    const version = await setContent(`${stage.server.url}/healthz?page=repaired`);
    expect((await shown(version)).item?.src).toBe(`${stage.server.url}/healthz?page=repaired`);
  });
});
