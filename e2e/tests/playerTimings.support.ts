// Shortened player periods for browser tests: the content watchdog's (frameWatchdogMs, 30 s by default) and the
// play upload's (playUploadIntervalMs, 60 s). They are members of the runtime configuration the server injects
// (packages/protocol/src/runtimeConfig.ts) that the server itself never sets: an init script adds them to the
// configuration as the server's inline script assigns it, in every page and frame of the context.

import type { BrowserContext } from 'playwright-core';
import { RUNTIME_CONFIG_GLOBAL } from '@marquee/protocol';

export interface PlayerTimings {
  frameWatchdogMs?: number;
  playUploadIntervalMs?: number;
}

/** Applies from the next page load of `context` on (reload a page already open). */
export async function shortenPlayerTimings(context: BrowserContext, timings: PlayerTimings): Promise<void> {
  await context.addInitScript(
    ({ global, extra }) => {
      let config: unknown;
      Object.defineProperty(window, global, {
        configurable: true,
        get: () => config,
        set: (value: unknown) => {
          config = { ...(value as object), ...extra };
        },
      });
    },
    { global: RUNTIME_CONFIG_GLOBAL, extra: timings },
  );
}
