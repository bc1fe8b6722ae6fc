// An operator's scheduling session in Chromium, against a real paired player: tag the screen from the screens
// list, make a playlist and reorder it by drag, make a group by tag, drag a window on the week calendar into a
// schedule, read the screen's timeline and why it plays what it plays, then start an emergency, watch the live
// count of screens showing it reach the screen, and clear it. Screenshots of the calendar, the timeline and the
// emergency flow go to e2e/artifacts (docs/schedules.md).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { api, pairedPlayer, signUp, type Operator } from './player.support';
import { quiet, signInToStudio } from './studio.support';

const PASSWORD = 'correct horse 42';
const VIEWPORT = { width: 1400, height: 900 };

describe('studio: playlists, groups, schedules and emergencies', () => {
  const stage = useStage(['player', 'content', 'studio']);
  let operator: Operator;
  let studio: Page;
  let player: BrowserContext;
  let screenId: string;

  beforeAll(async () => {
    const email = `schedules-${Date.now()}@corner.example`;
    operator = await signUp(stage.server, { email, password: PASSWORD, orgName: 'Corner Coffee' });
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

  it('tags the screen from the screens list and finds it by tag', async () => {
    await studio.getByLabel('Select Marquee Player').check();
    await studio.getByRole('button', { name: 'Tag selected screens' }).click();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('Add tags').fill('kitchen');
    await dialog.getByLabel('Add tags').press('Enter');
    await dialog.getByRole('button', { name: 'Apply tags' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await studio.getByTestId(`screen-row-${screenId}`).getByText('kitchen').waitFor();
    await studio.getByLabel('Search by name').fill('no such screen');
    await studio.getByText('No screen matches').waitFor();
    await studio.getByLabel('Search by name').fill('');
    await studio.getByTestId(`screen-row-${screenId}`).waitFor();
  });

  it('makes a playlist of two pages and reorders them by drag', async () => {
    await studio.getByRole('link', { name: 'Playlists' }).click();
    await studio.getByRole('button', { name: 'New playlist' }).first().click();
    await studio.getByRole('dialog').getByLabel('Name').fill('Breakfast menu');
    await studio.getByRole('button', { name: 'Create playlist' }).click();
    await studio.getByLabel('Playlist name').waitFor();
    for (const page of ['first', 'second']) {
      await studio.getByRole('button', { name: 'Add web page' }).click();
      await studio.getByLabel('Web page address').last().fill(`https://menu.example/${page}`);
    }
    // Drag the second item's handle above the first.
    const from = await studio.getByRole('button', { name: 'Drag item 2' }).boundingBox();
    const to = await studio.getByRole('button', { name: 'Drag item 1' }).boundingBox();
    if (from === null || to === null) throw new Error('no drag handles');
    await studio.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await studio.mouse.down();
    await studio.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await studio.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 10 });
    await studio.mouse.up();
    await expect
      .poll(() => studio.getByLabel('Web page address').first().inputValue())
      .toBe('https://menu.example/second');
    // Typed right after the drop, a value was once lost (the saved item kept 10 s): the total the editor shows
    // says the new duration is in its state before Save reads it.
    const seconds = studio.getByLabel('Seconds').first();
    await expect
      .poll(async () => {
        if ((await seconds.inputValue()) !== '15') await seconds.fill('15');
        return studio.getByText('2 items · 25 s').count();
      })
      .toBe(1);
    await studio.getByRole('button', { name: 'Save playlist' }).click();
    await studio.getByText('Playlist saved').waitFor();
    const { body } = await api<{ playlists: { items: { src?: string; durationMs: number }[] }[] }>(
      stage.server,
      'GET',
      '/api/v1/playlists',
      undefined,
      operator.token,
    );
    expect(body.playlists[0]?.items.map((item) => [item.src, item.durationMs])).toEqual([
      ['https://menu.example/second', 15_000],
      ['https://menu.example/first', 10_000],
    ]);
    await quiet(studio);
    await saveScreenshot(studio, 'schedules-playlist-editor');
  });

  it('makes a group of every screen tagged kitchen', async () => {
    await studio.getByRole('link', { name: 'Groups' }).click();
    await studio.getByRole('button', { name: 'New group' }).first().click();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Kitchens');
    await dialog.getByLabel('Screens with all of these tags').fill('kitchen');
    await dialog.getByLabel('Screens with all of these tags').press('Enter');
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = studio.getByRole('row', { name: /Kitchens/ });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe('1');
  });

  it('drags a window on the week calendar into a schedule for the group', async () => {
    await studio.getByRole('link', { name: 'Schedules' }).click();
    await studio.getByText('No schedules yet').waitFor();
    // Today, from 00:00 to the next hour after now: the window is open now.
    const today = await studio.evaluate(() => (new Date().getDay() + 6) % 7);
    const day = studio.locator(`[data-testid^="calendar-day-"]`).nth(today);
    const box = await day.boundingBox();
    if (box === null) throw new Error('no calendar day');
    const hourPx = box.height / 24;
    const untilHour = Math.min(24, (await studio.evaluate(() => new Date().getHours())) + 2);
    await studio.mouse.move(box.x + box.width / 2, box.y + 2);
    await studio.mouse.down();
    await studio.mouse.move(box.x + box.width / 2, box.y + hourPx * untilHour - 2, { steps: 8 });
    await saveScreenshot(studio, 'schedules-calendar-drag');
    await studio.mouse.up();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Breakfast');
    await dialog.getByRole('textbox', { name: 'Playlist' }).click();
    await studio.getByRole('option', { name: 'Breakfast menu' }).click();
    await dialog.getByRole('textbox', { name: 'Groups' }).click();
    await studio.getByRole('option', { name: 'Kitchens (1)' }).click();
    await dialog.getByRole('textbox', { name: 'Groups' }).press('Escape');
    await dialog.getByRole('button', { name: 'Check overlaps' }).click();
    await dialog.getByText('No overlaps').waitFor();
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await studio.getByTestId('calendar-block').first().waitFor();
    const zone = await studio.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await studio.getByText(/Times are in/).textContent()).toContain(`Times are in ${zone}.`);
    await quiet(studio);
    await saveScreenshot(studio, 'schedules-calendar');
  });

  it("shows on the screen's page why it plays the schedule, and its timeline", async () => {
    await studio.getByRole('link', { name: 'Screens' }).click();
    await studio.getByRole('link', { name: 'Marquee Player' }).click();
    const why = studio.getByTestId('why-playing');
    await expect.poll(() => why.textContent(), { timeout: 20_000 }).toContain('Breakfast');
    await studio.getByRole('tab', { name: 'Timeline' }).click();
    const bar = studio.locator('[data-testid="timeline-bar"][data-kind="schedule"]').first();
    await bar.click();
    await studio.getByTestId('timeline-detail').getByText('Breakfast', { exact: true }).waitFor();
    await saveScreenshot(studio, 'schedules-screen-timeline');
  });

  it('starts an emergency, counts the screen showing it live, and clears it', async () => {
    await studio.getByRole('button', { name: 'Emergency' }).click();
    const panel = studio.getByRole('dialog');
    await panel.getByLabel('Name').fill('Fire drill');
    await panel.getByRole('textbox', { name: 'Message' }).fill('Please leave by the nearest exit');
    await panel.getByRole('button', { name: '1 hour' }).click();
    await saveScreenshot(studio, 'schedules-emergency-form');
    await panel.getByRole('button', { name: 'Show it now' }).click();
    const applied = panel.getByTestId('override-applied');
    await expect.poll(() => applied.textContent(), { timeout: 30_000 }).toBe('Showing on 1 of 1 screens');
    await quiet(studio);
    await saveScreenshot(studio, 'schedules-emergency-active');
    await panel.getByRole('button', { name: 'Clear' }).click();
    await studio.getByRole('button', { name: "Yes, I'm sure" }).click();
    await panel.getByText('No emergency is active.').waitFor();
  });
});
