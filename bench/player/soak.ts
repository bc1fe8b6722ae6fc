// The heap soak (a budget of bench:player, docs/testing.md §Benchmarks): one paired player in headless Chromium
// takes 1,000 action flags (update_device_info, each raised after the previous one was acknowledged, so each really
// runs) and 1,000 content changes (a new app/data version each); the page's JS heap after a forced GC is sampled
// after the first 100 of each and at the end. Budget: the end within 2 MB of the sample after the first 100.

import type { Page } from 'playwright-core';
import { waitForExpression } from './pageWait';

export const SOAK_BUDGET_BYTES = 2 * 1024 * 1024;

export interface SoakFigures {
  flags: number;
  contentChanges: number;
  heapAfterFirst100: number;
  heapAtEnd: number;
  growthBytes: number;
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

export interface SoakTarget {
  origin: string;
  operatorToken: string;
  screenId: string;
}

async function call(target: SoakTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${target.origin}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${target.operatorToken}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}

async function flagAcknowledged(target: SoakTarget, id: string): Promise<void> {
  for (;;) {
    const { commands } = (await call(target, 'GET', `/api/v1/screens/${target.screenId}/commands`)) as {
      commands: { id: string; state: string }[];
    };
    if (commands.find((command) => command.id === id)?.state === 'acknowledged') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function contentVersionShown(page: Page, version: number): Promise<void> {
  // The player hands app/data to the frame: the realtime copy in the player's storage carries the version.
  await waitForExpression(
    page,
    `(() => { for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i) || '';
       if (k.endsWith('/app/data')) { const v = localStorage.getItem(k) || '';
         const m = /"version":(\\d+)/.exec(v); if (m && Number(m[1]) >= ${version}) return true; } } return false; })()`,
  );
}

export async function soak(
  page: Page,
  target: SoakTarget,
  rounds = 1000,
  log: (line: string) => void = () => {},
): Promise<SoakFigures> {
  let heapAfterFirst100 = 0;
  for (let round = 1; round <= rounds; round++) {
    const raised = (await call(target, 'POST', `/api/v1/screens/${target.screenId}/commands`, {
      command: 'update_device_info',
      param: round,
    })) as { id: string };
    await flagAcknowledged(target, raised.id);
    const screen = (await call(target, 'PATCH', `/api/v1/screens/${target.screenId}`, {
      content: `${target.origin}/online.txt?round=${round}`,
    })) as { content: { version: number } };
    await contentVersionShown(page, screen.content.version);
    if (round === Math.min(100, rounds)) heapAfterFirst100 = await heapUsed(page);
    if (round % 100 === 0) log(`soak: ${round} flags and content changes`);
  }
  await page.waitForTimeout(1000);
  const heapAtEnd = await heapUsed(page);
  return {
    flags: rounds,
    contentChanges: rounds,
    heapAfterFirst100,
    heapAtEnd,
    growthBytes: heapAtEnd - heapAfterFirst100,
  };
}
