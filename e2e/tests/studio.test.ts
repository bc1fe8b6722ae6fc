// A newcomer's first session, in Chromium: sign up in the studio, open a player, read its pairing code, pair it,
// assign a web page, an uploaded image and a playlist and see each on the screen; send reload, screenshot and mute
// and see them acknowledged; stop the server and see the playlist keep playing; start it again and see the screen
// online in the studio. Screenshots of every main page go to e2e/artifacts.

import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { MAIN_FRAME_ELEMENT_ID } from '@marquee/protocol';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { gradientPng, WELCOME_PAGE } from './studioJourneyAssets';
import { quiet } from './studio.support';

const VIEWPORT = { width: 1280, height: 720 };
const PASSWORD = 'correct horse 42';

/** Lets the content player's cross-fade finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(900);

describe('studio newcomer journey', () => {
  const stage = useStage(['player', 'content', 'studio']);
  let studioContext: BrowserContext;
  let playerContext: BrowserContext;
  let studio: Page;
  let screen: Page;
  let content: FrameLocator;

  beforeAll(async () => {
    studioContext = await stage.browser.newContext({ viewport: VIEWPORT });
    playerContext = await stage.browser.newContext({ viewport: VIEWPORT });
    for (const context of [studioContext, playerContext]) {
      await context.route(/\/e2e\/welcome\.html$/, (route) =>
        route.fulfill({ contentType: 'text/html', body: WELCOME_PAGE }),
      );
    }
    studio = await studioContext.newPage();
    screen = await playerContext.newPage();
    content = screen.frameLocator(`#${MAIN_FRAME_ELEMENT_ID}`);
  });

  it('signs up, showing the password policy and what a newcomer does next', async () => {
    await studio.goto(`${stage.server.url}/studio/`);
    await studio.getByRole('link', { name: 'Create an account' }).click();
    await expect.poll(() => studio.url()).toContain('/studio/signup');
    await studio.getByText('at least 6 characters').waitFor();
    await studio.getByLabel('Organisation').fill('Corner Coffee');
    await studio.getByLabel('Email').fill('owner@corner.example');
    await studio.getByLabel('Password', { exact: true }).fill('abc');
    await studio.getByRole('button', { name: 'Create account' }).click();
    await studio.getByText('The password needs at least 6 characters.').waitFor();
    await saveScreenshot(studio, 'newcomer-studio-signup-validation');
    await studio.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await studio.getByRole('button', { name: 'Create account' }).click();
    await studio.getByText('No screens yet').waitFor();
    expect(studio.url()).toBe(`${stage.server.url}/studio/screens`);
    await saveScreenshot(studio, 'newcomer-studio-screens-empty');
  });

  it('shows a pairing code on the screen and pairs it in the studio', async () => {
    await screen.goto(`${stage.server.url}/`);
    const codeText = content.getByTestId('pairing-code');
    await codeText.waitFor();
    const code = (await codeText.textContent())?.replace(/\s/g, '') ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await content.getByRole('img', { name: /QR code/ }).waitFor();
    await saveScreenshot(screen, 'newcomer-player-pairing-code');

    await studio.getByRole('link', { name: 'Pair a screen' }).first().click();
    await studio.getByLabel('Pairing code').fill(`${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase());
    await studio.getByLabel('Screen name').fill('Front window');
    await saveScreenshot(studio, 'newcomer-studio-pair');
    await studio.getByRole('button', { name: 'Pair screen' }).click();
    await studio.getByRole('heading', { name: 'Front window' }).waitFor();
    expect(studio.url()).toMatch(/\/studio\/screens\/[0-9a-v]+$/);
  });

  it('assigns a web page and the screen shows it', async () => {
    await studio.getByRole('tab', { name: 'Content' }).click();
    await studio.getByLabel('Web page address').fill(`${stage.server.url}/e2e/welcome.html`);
    await studio.getByRole('button', { name: 'Show on screen' }).click();
    await content
      .frameLocator('iframe.item')
      .getByText('Welcome to Corner Coffee')
      .waitFor({ timeout: 20_000 });
    await settle(screen);
    await saveScreenshot(screen, 'newcomer-player-web-page');
    await quiet(studio);
    await saveScreenshot(studio, 'newcomer-studio-screen-content');
  });

  it('uploads an image with a progress bar and the screen shows it', async () => {
    await studio.getByRole('link', { name: 'Media library' }).click();
    await studio.getByText('Your media library is empty').waitFor();
    await studio
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'autumn-menu.png',
        mimeType: 'image/png',
        buffer: gradientPng(1280, 720, [120, 40, 160], [240, 120, 60]),
      });
    await studio.getByText('Uploaded').waitFor();
    await studio.getByTestId('media-card').waitFor();
    await saveScreenshot(studio, 'newcomer-studio-media');

    await studio.getByRole('link', { name: 'Screens', exact: true }).click();
    await studio.getByRole('link', { name: 'Front window' }).click();
    await studio.getByRole('tab', { name: 'Content' }).click();
    await studio.getByText('Image or video', { exact: true }).click();
    await studio.getByRole('textbox', { name: 'Image or video' }).click();
    await studio.getByRole('option', { name: /autumn-menu\.png/ }).click();
    await studio.getByRole('button', { name: 'Show on screen' }).click();
    await content.locator('.layer.is-current img[src*="/media/"]').waitFor({ timeout: 20_000 });
    await settle(screen);
    await saveScreenshot(screen, 'newcomer-player-image');
  });

  it('assigns a playlist and the screen plays its items in turn', async () => {
    // The kind of the screen's own content, not the default-playlist picker below it (also labelled Playlist).
    await studio
      .getByRole('radiogroup', { name: 'Kind of content' })
      .getByText('Playlist', { exact: true })
      .click();
    await studio.getByRole('button', { name: 'Add web page' }).click();
    const rows = studio.getByTestId('playlist-row');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(1).getByLabel('Web page address').fill(`${stage.server.url}/e2e/welcome.html`);
    for (const index of [0, 1]) await rows.nth(index).getByLabel('Seconds').fill('3');
    await quiet(studio);
    await saveScreenshot(studio, 'newcomer-studio-playlist');
    await studio.getByRole('button', { name: 'Show on screen' }).click();
    await studio.getByText('Content version 4').waitFor();
    await content.locator('.layer.is-current[data-type="url"]').waitFor({ timeout: 20_000 });
    await content.locator('.layer.is-current[data-type="image"]').waitFor({ timeout: 20_000 });
  });

  it('sends reload, screenshot and mute and sees each acknowledged, with the screenshot shown', async () => {
    await studio.getByRole('tab', { name: 'Commands' }).click();
    // The frame can capture its own image honestly, not a web page: ask while the image is on screen.
    await content.locator('.layer.is-current[data-type="image"]').waitFor({ timeout: 20_000 });
    for (const label of ['Take screenshot', 'Reload player', 'Toggle mute']) {
      await studio.getByRole('button', { name: label }).click();
    }
    for (const command of ['restart_player_app', 'screenshot', 'mute']) {
      await studio
        .locator(`tr[data-command="${command}"][data-state="acknowledged"]`)
        .first()
        .waitFor({ timeout: 30_000 });
    }
    await quiet(studio);
    await saveScreenshot(studio, 'newcomer-studio-commands');
    await studio.getByRole('tab', { name: 'Overview' }).click();
    await studio.getByRole('img', { name: 'Latest screenshot of the screen' }).waitFor({ timeout: 30_000 });
    await quiet(studio);
    await saveScreenshot(studio, 'newcomer-studio-screen-overview');
  });

  it('keeps playing the playlist while the server is down, and shows the screen online once it is back', async () => {
    await stage.server.stop();
    const seen = new Set<string>();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && seen.size < 2) {
      const type = await content.locator('.layer.is-current').getAttribute('data-type', { timeout: 5000 });
      if (type !== null) seen.add(type);
      await screen.waitForTimeout(500);
    }
    expect([...seen].sort()).toEqual(['image', 'url']);
    await settle(screen);
    await saveScreenshot(screen, 'newcomer-player-offline-playlist');

    const restartedAt = Date.now();
    await stage.server.start();
    // A fresh page: nothing cached from before the stop can pass for the screen being back.
    await studio.goto(`${stage.server.url}/studio/screens`);
    // The screens table's badge, not the status filter's label of the same name.
    await studio.getByRole('table').getByText('Online', { exact: true }).first().waitFor({ timeout: 60_000 });
    await saveScreenshot(studio, 'newcomer-studio-screens-online');
    const session = JSON.parse(
      (await studio.evaluate(() => localStorage.getItem('marquee-studio-session'))) ?? '{}',
    ) as {
      idToken?: string;
    };
    const answer = await fetch(`${stage.server.url}/api/v1/screens`, {
      headers: { Authorization: `Bearer ${session.idToken}` },
    });
    const [listed] = (
      (await answer.json()) as { screens: Array<{ status: { online: boolean; connectedAt: number } }> }
    ).screens;
    expect(listed?.status.online).toBe(true);
    expect(listed?.status.connectedAt).toBeGreaterThanOrEqual(restartedAt);
  });

  it('shows the device record and the screen going offline, live, without a reload', async () => {
    await studio.getByRole('link', { name: 'Front window' }).click();
    await studio.getByRole('tab', { name: 'Commands' }).click();
    await studio.getByRole('button', { name: 'Update device info' }).click();
    await studio
      .locator('tr[data-command="update_device_info"][data-state="acknowledged"]')
      .first()
      .waitFor({ timeout: 30_000 });
    await studio.getByRole('tab', { name: 'Device and logs' }).click();
    await expect.poll(() => studio.getByText(/^Received /).count(), { timeout: 20_000 }).toBe(1);
    await quiet(studio);
    await saveScreenshot(studio, 'newcomer-studio-device-logs');

    await studio.getByRole('link', { name: 'Screens', exact: true }).click();
    await studio.getByRole('table').getByText('Online', { exact: true }).first().waitFor();
    await screen.close(); // the screen is switched off
    await studio
      .getByRole('table')
      .getByText('Offline', { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
  });
});
