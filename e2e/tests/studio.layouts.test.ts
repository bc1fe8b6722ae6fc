// An operator builds a layout in Chromium against the real server: a new layout from the 'Main + bottom ticker'
// template, its main zone given a playlist, a clock zone added and dragged with the mouse (its place snaps), the
// live preview running the clock and the ticker, saved; then the layout made a paired screen's default content,
// and the layouts list and the layout's page say where it is used. Screenshots of the editor and of the preview
// go to e2e/artifacts (docs/layouts.md §Studio).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { api, pairedPlayer, signUp, type Operator } from './player.support';
import { quiet, signInToStudio } from './studio.support';

const PASSWORD = 'correct horse 42';
const VIEWPORT = { width: 1500, height: 1000 };

describe('studio: the layout editor', () => {
  const stage = useStage(['player', 'content', 'studio']);
  let operator: Operator;
  let studio: Page;
  let player: BrowserContext;
  let screenId: string;
  let layoutId: string;

  beforeAll(async () => {
    const email = `layouts-${Date.now()}@corner.example`;
    operator = await signUp(stage.server, { email, password: PASSWORD, orgName: 'Corner Coffee' });
    const created = await api(
      stage.server,
      'POST',
      '/api/v1/playlists',
      { name: 'Specials', items: [{ src: 'https://menu.example/specials', durationMs: 10_000 }] },
      operator.token,
    );
    expect(created.status).toBe(201);
    const paired = await pairedPlayer(stage.browser, stage.server, operator);
    player = paired.context;
    screenId = paired.screenId;
    studio = await stage.browser.newPage({ viewport: VIEWPORT });
    await signInToStudio(studio, stage.server.url, email, PASSWORD);
    await studio.getByTestId(`screen-row-${screenId}`).waitFor();
  });

  afterAll(async () => {
    await player?.close();
    await studio?.close();
  });

  it('builds a layout from a template, drags a zone into place and saves it', async () => {
    await studio.getByRole('link', { name: 'Layouts' }).click();
    await studio.getByText('No layouts yet').waitFor();
    await studio.getByRole('link', { name: 'New layout' }).first().click();
    await studio.getByRole('button', { name: 'Template Main + bottom ticker' }).click();
    await studio.getByLabel('Name', { exact: true }).fill('Lobby board');
    const inspector = studio.getByTestId('zone-inspector');
    // The main zone is selected first: give it the playlist.
    await inspector.getByRole('textbox', { name: 'Playlist' }).click();
    await studio.getByRole('option', { name: 'Specials' }).click();

    // A new zone (25 %, 25 %, half the screen) becomes a clock, then is dragged right and down.
    await studio.getByRole('button', { name: 'Add zone' }).click();
    await inspector.getByLabel('Zone name').fill('Clock');
    await inspector.getByText('An app', { exact: true }).click();
    const clock = studio.getByRole('button', { name: 'Zone Clock' });
    const canvas = await studio.getByTestId('layout-canvas').boundingBox();
    const start = await clock.boundingBox();
    if (canvas === null || start === null) throw new Error('no canvas');
    await studio.mouse.move(start.x + 40, start.y + 40);
    await studio.mouse.down();
    // 13.3 % across and 11.1 % down: the grid (2.5 %) takes it to 37.5 % and 35 %.
    await studio.mouse.move(start.x + 40 + canvas.width * 0.133, start.y + 40 + canvas.height * 0.111, {
      steps: 10,
    });
    await studio.mouse.up();
    await expect.poll(() => inspector.getByLabel('X (%)').inputValue()).toBe('37.5');
    expect(await inspector.getByLabel('Y (%)').inputValue()).toBe('35');
    // Its bottom edge runs into the ticker's top (88 %) and stops there when resized down.
    const handle = await studio.getByLabel('Resize Clock s', { exact: true }).boundingBox();
    if (handle === null) throw new Error('no handle');
    await studio.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await studio.mouse.down();
    await studio.mouse.move(
      handle.x + handle.width / 2,
      handle.y + handle.height / 2 + canvas.height * 0.03,
      {
        steps: 5,
      },
    );
    await studio.mouse.up();
    await expect.poll(() => inspector.getByLabel('Height (%)').inputValue()).toBe('53');

    // The preview runs the clock and the ticker, and shows the playlist's first item.
    const preview = studio.getByTestId('layout-preview');
    await preview.locator('[data-app="clock"]').waitFor();
    await preview.locator('[data-app="ticker"]').waitFor();
    await preview.getByText('https://menu.example/specials').waitFor();

    await studio.getByRole('button', { name: 'Save layout' }).click();
    await studio.getByText('Layout saved').waitFor();
    await studio.waitForURL(/\/studio\/layouts\/[^/]+$/);
    layoutId = studio.url().split('/').pop() ?? '';
    const saved = await api<{
      zones: { id: string; x: number; y: number; height: number; content: unknown }[];
    }>(stage.server, 'GET', `/api/v1/layouts/${layoutId}`, undefined, operator.token);
    expect(saved.body.zones.map((zone) => zone.id)).toEqual(['main', 'ticker', 'zone-1']);
    expect(saved.body.zones[2]).toMatchObject({
      x: 37.5,
      y: 35,
      height: 53,
      content: { app: { type: 'clock' } },
    });
    await quiet(studio);
    await studio.getByRole('button', { name: 'Zone Clock' }).click();
    await saveScreenshot(studio, 'layout-editor');
    await preview.scrollIntoViewIfNeeded();
    await saveScreenshot(studio, 'layout-preview');
  });

  it('makes the layout a screen’s default content and lists where it is used', async () => {
    await studio.getByRole('link', { name: 'Screens' }).click();
    await studio.getByRole('link', { name: 'Marquee Player' }).click();
    await studio.getByRole('tab', { name: 'Content' }).click();
    await studio.getByText('A layout', { exact: true }).click();
    await studio.getByRole('textbox', { name: 'Layout' }).click();
    await studio.getByRole('option', { name: 'Lobby board' }).click();
    await studio.getByRole('button', { name: 'Show this layout' }).click();
    await studio.getByText('Default content saved').waitFor();

    await studio.getByRole('link', { name: 'Layouts' }).click();
    const row = studio.getByRole('row', { name: /Lobby board/ });
    await expect.poll(() => row.textContent()).toContain('1 screen');
    await studio.getByRole('link', { name: 'Lobby board' }).click();
    await studio.getByText('Screens (default content):').waitFor();
    await studio.getByRole('link', { name: 'Marquee Player' }).waitFor();
  });
});
