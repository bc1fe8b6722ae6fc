// What every browser test file starts with: the built apps it needs, the real server and Debian Chromium, shared
// by the file's tests (each test opens its own browser contexts).

import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { assertAppsBuilt, startServer, type RunningServer } from './server';

export interface Stage {
  server: RunningServer;
  browser: Browser;
}

export async function startStage(apps: readonly string[]): Promise<Stage> {
  assertAppsBuilt(apps);
  const server = await startServer();
  return { server, browser: await launchBrowser() };
}

/** Closes what startStage opened (either may be missing when it failed half-way). */
export async function stopStage(stage: Partial<Stage>): Promise<void> {
  await stage.browser?.close();
  await stage.server?.stop();
}
