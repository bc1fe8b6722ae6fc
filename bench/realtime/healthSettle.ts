// Before the reconnect storm: Marquee's fleet is one whose health the server has recorded. The players set up their
// presence just before the storm (stormPhase.ts), and until a health sweep has seen it every screen is on record as
// offline; the sweep that records the whole fleet coming online (a transition, its history interval and its
// webhook event per screen) would otherwise land inside the storm. In the field a short drop changes no screen's
// health (a screen is offline only after MARQUEE_OFFLINE_AFTER_SECONDS of silence, a minute at least), so the storm
// is measured from a fleet the server already knows is online. Read through the management API, as an operator
// would see it: every screen's `health`, a page at a time.

import { MAX_SCREEN_PAGE_SIZE, ScreenListSchema } from '@marquee/management-api';
import type { Target } from './targets';

/** How often the screens are read again while the fleet is not yet recorded online. */
const POLL_INTERVAL_MS = 1000;

export interface HealthSettle {
  /** Screens recorded online when the wait ended. */
  online: number;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Screens of the operator's organisation recorded online now (every page of GET /api/v1/screens). */
export async function screensRecordedOnline(target: Target): Promise<number> {
  const origin = target.nodes[0]!.origin;
  let online = 0;
  for (let cursor: string | null = ''; cursor !== null;) {
    const query = new URLSearchParams({ limit: String(MAX_SCREEN_PAGE_SIZE) });
    if (cursor !== '') query.set('cursor', cursor);
    const response = await fetch(`${origin}/api/v1/screens?${query}`, { headers: target.headers });
    if (!response.ok) {
      throw new Error(`GET /api/v1/screens answered ${response.status}: ${await response.text()}`);
    }
    const page = ScreenListSchema.parse(await response.json());
    online += page.screens.filter((screen) => screen.health.state === 'online').length;
    cursor = page.nextCursor;
  }
  return online;
}

/** Waits until at least `expected` screens are recorded online, or `timeoutMs` passed (then answers what it saw). */
export async function waitForRecordedOnline(
  target: Target,
  expected: number,
  timeoutMs: number,
): Promise<HealthSettle> {
  const started = performance.now();
  for (;;) {
    const online = await screensRecordedOnline(target);
    const ms = performance.now() - started;
    if (online >= expected || ms >= timeoutMs) return { online, ms };
    await sleep(POLL_INTERVAL_MS);
  }
}
