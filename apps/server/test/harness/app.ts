// A real app on a fresh SQLite file for HTTP tests (Fastify inject), with a clock the test moves by hand.

import fs from 'node:fs';
import { buildApp, type App, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { tempDir } from './databases';

export interface TestClock {
  (): number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock standing at `start` (ms) until set or advanced. */
export function testClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.set = (ms) => {
    now = ms;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface TestApp {
  app: App;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(
  options: Omit<BuildAppOptions, 'clock'> & { env?: Record<string, string>; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const dataDir = tempDir('marquee-app-');
  const config = loadConfig({
    MARQUEE_DATA_DIR: dataDir,
    PORT: '0',
    MARQUEE_LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = testClock();
  const app = await buildApp(config, { logger: false, ...options, clock });
  await app.ready();
  return {
    app,
    clock,
    config,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The OpenAPI document the app serves at /docs/json. */
export async function openApiDocument<T>(app: App): Promise<T> {
  const response = await app.inject({ url: '/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
  return response.json<T>();
}
