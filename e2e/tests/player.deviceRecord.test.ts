// update_device_info sends the device record once (docs/player.md §Action flags): the player acknowledges the flag
// and asks its frame, which posts the record it gets from the player's getDeviceInfo; the player posts no copy of
// its own. Counted on the wire, every POST /logs/device of the page and its frames.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../harness/server';
import { startStage, stopStage } from '../harness/stage';
import {
  command,
  contentFrame,
  pair,
  pairingCodeOf,
  playerIdOf,
  signUp,
  waitFor,
  type Operator,
} from './player.support';

let server: RunningServer;
let browser: Browser;
let operator: Operator;

beforeAll(async () => {
  ({ server, browser } = await startStage(['player', 'content']));
  operator = await signUp(server);
});
afterAll(() => stopStage({ server, browser }));

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('general player: update_device_info', () => {
  it('posts exactly one device record', async () => {
    // No service workers: each record is one request of the page or its frame, seen once.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      serviceWorkers: 'block',
    });
    let records = 0;
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/logs/device') records++;
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await playerIdOf(page);
    const screen = await pair(server, operator, await pairingCodeOf(page));
    await page.waitForFunction(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return (
        entry?.type === 'reload' && document.querySelector('[data-testid="connection"][data-database="true"]')
      );
    });
    await contentFrame(page, '/content/');
    // The record of the load, once the frame shows content; then nothing more on its own.
    await waitFor(async () => records >= 1);
    await settle(2_000);
    const before = records;

    const view = await command(server, operator, screen.id, 'update_device_info');
    expect(view.state).toBe('acknowledged');
    await waitFor(async () => records > before);
    await settle(2_000);
    expect(records - before).toBe(1);
    await context.close();
  });
});
