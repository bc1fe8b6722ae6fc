// What every browser test file starts with: the real server and Debian Chromium (both from @marquee/testbed),
// shared by the file's tests, each of which opens its own browser contexts. Before anything starts, the build is
// asked whether the server and the apps the file loads are built from the current sources; when they are not,
// the file fails with what is missing and the command to run, never a skip.
//
// A test file calls `const stage = useStage(apps)` and reads `stage.server` and `stage.browser` in its tests;
// useStage is startStage in a beforeAll and stopStage in an afterAll.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { assertBuilt, launchBrowser, startServer } from '@marquee/testbed';
import type { RunningServer } from './server';

/** The front ends under apps/ a test file loads. */
export type App = 'player' | 'meet' | 'content' | 'studio' | 'host';

export interface Stage {
  server: RunningServer;
  browser: Browser;
}

export interface StageOptions {
  /** The server's configuration over the testbed's defaults (a rate limit a test needs to hit…). */
  env?: Record<string, string>;
}

export async function startStage(apps: readonly App[], options: StageOptions = {}): Promise<Stage> {
  await assertBuilt(['server', ...apps]);
  const server = await startServer({ env: options.env });
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Closes what startStage opened (either may be missing when it failed half-way), data folder included. */
export async function stopStage(stage: Partial<Stage>): Promise<void> {
  await stage.browser?.close();
  await stage.server?.close();
}

/**
 * Registers the stage for the tests of the file (or the describe block) it is called in: started in a beforeAll,
 * then `prepare`'s extras (an operator signed up…) added, stopped in an afterAll. Read its members inside tests
 * and hooks; the hooks a file registers after this call see them started.
 */
export function useStage<Extra extends object = object>(
  apps: readonly App[],
  options: StageOptions & { prepare?: (stage: Stage) => Promise<Extra> } = {},
): Stage & Extra {
  const stage = {} as Stage & Extra;
  beforeAll(async () => {
    Object.assign(stage, await startStage(apps, options));
    if (options.prepare !== undefined) Object.assign(stage, await options.prepare(stage));
  });
  afterAll(() => stopStage(stage));
  return stage;
}
