// `npm run bench:player -w @marquee/bench`: the general player's budgets (docs/testing.md §Benchmarks), measured in
// headless Debian Chromium against the real server on this machine: initial JavaScript gzipped; navigation →
// pairing code visible; paired player navigation → content frame loaded; with the server stopped, reload →
// cached content loaded; the heap growth over a soak of action flags and content changes; the content player's CPU
// at idle with a timeline against the same page without one (idleCpu.ts). Medians of several runs, each in a fresh
// browser context (own storage and workers), after one warm-up. Budgets are reported, never enforced.
// BENCH_PLAYER_ONLY=idle measures the idle CPU alone; BENCH_PLAYER_ONLY=startup the start-up on weak hardware alone
// (startup.ts: each figure at 1×, 4× and 6× CPU throttle with its waterfall, and the idle cost of the pairing page
// and of an image). The server and Chromium are @marquee/testbed's: the compiled server, as `npm start` runs it.

import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, assertBuilt, launchBrowser, startServer } from '@marquee/testbed';
import { measureBundle } from './bundle';
import { measureIdleCpu, type IdleFigures } from './idleCpu';
import { SOAK_BUDGET_BYTES, soak, type SoakFigures } from './soak';
import { measureStartup, startupReport } from './startup';
import { waitForExpression } from './pageWait';

const RUNS = Number(process.env.BENCH_PLAYER_RUNS ?? 7);
const IDLE_RUNS = Number(process.env.BENCH_PLAYER_IDLE_RUNS ?? 3);
const IDLE_WINDOW_MS = Number(process.env.BENCH_PLAYER_IDLE_WINDOW_MS ?? 30_000);
const ONLY_IDLE = process.env.BENCH_PLAYER_ONLY === 'idle';
const ONLY_STARTUP = process.env.BENCH_PLAYER_ONLY === 'startup';
const STARTUP_RUNS = Number(process.env.BENCH_PLAYER_STARTUP_RUNS ?? 5);
const STARTUP_RATES = (process.env.BENCH_PLAYER_STARTUP_RATES ?? '1,4,6').split(',').map(Number);
const STARTUP_IDLE_WINDOW_MS = Number(process.env.BENCH_PLAYER_STARTUP_IDLE_WINDOW_MS ?? 20_000);
const SOAK_ROUNDS = Number(process.env.BENCH_PLAYER_SOAK_ROUNDS ?? 1000);
const BUDGETS = { initialJsGzipBytes: 110 * 1024, pairingCodeMs: 1500, contentMs: 1000, offlineMs: 1000 };
const log = (line: string) => process.stderr.write(`[bench:player] ${line}\n`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

// The checks run in the page; written as source text because this project has no DOM types.
const PAIRING_CODE_SHOWN = `(() => {
  const frame = document.querySelector('#sc-player-frame');
  const text = frame && frame.contentDocument && frame.contentDocument.body
    ? frame.contentDocument.body.innerText.replace(/\\s/g, '') : '';
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) || '';
    if (!key.endsWith('/pairing/code')) continue;
    const match = /"([A-Z0-9]{6})"/.exec(localStorage.getItem(key) || '');
    if (match && text.includes(match[1])) return match[1];
  }
  return null;
})()`;

const CONTENT_LOADED = `(() => {
  const frame = document.querySelector('#sc-player-frame');
  if (!frame || new URL(frame.src).pathname !== '/content/') return false;
  const doc = frame.contentDocument;
  return !!doc && doc.readyState === 'complete' && doc.location.pathname === '/content/' && !!doc.body && doc.body.innerText !== '';
})()`;

async function pairingCodeShown(page: Page): Promise<string> {
  return waitForExpression<string>(page, PAIRING_CODE_SHOWN);
}

async function contentLoaded(page: Page): Promise<void> {
  await waitForExpression(page, CONTENT_LOADED);
}

/** The screen of the first player paired in this run (the oldest screen of the organisation). */
async function screenOf(origin: string, operator: string): Promise<string | null> {
  const response = await fetch(`${origin}/api/v1/screens`, {
    headers: { Authorization: `Bearer ${operator}` },
  });
  const { screens } = (await response.json()) as { screens: { id: string; createdAt: number }[] };
  return [...screens].sort((a, b) => a.createdAt - b.createdAt)[0]?.id ?? null;
}

function idleRows(idle: IdleFigures): string {
  const baseline = idle.cases[0]?.busyMsPerSecond ?? NaN;
  return `${idle.cases
    .map(
      ({ name, busyMsPerSecond, timerCallbacksPerMinute }) =>
        `content idle CPU, ${name}`.padEnd(50) +
        ` ${busyMsPerSecond.toFixed(2).padStart(6)} ms/s  ×${(busyMsPerSecond / baseline).toFixed(2)}  ` +
        `${timerCallbacksPerMinute.toFixed(1)} timer callbacks/min`,
    )
    .join(
      '\n',
    )}\n(main-thread time per second over ${idle.windowMs / 1000} s windows, median of ${idle.runs} runs)\n`;
}

async function idleOnly(): Promise<void> {
  await assertBuilt(['server', 'content']);
  const server = await startServer({ name: 'bench server' });
  const browser = await launchBrowser();
  try {
    const idle = await measureIdleCpu(browser, server.url, {
      runs: IDLE_RUNS,
      windowMs: IDLE_WINDOW_MS,
      log,
    });
    process.stdout.write(idleRows(idle));
    writeResults('player-idle', { idle });
  } finally {
    await browser.close();
    await server.close();
  }
}

async function startupOnly(): Promise<void> {
  await assertBuilt(['server', 'player', 'content']);
  const browser = await launchBrowser();
  try {
    const startup = await measureStartup(browser, {
      rates: STARTUP_RATES,
      runs: STARTUP_RUNS,
      idleWindowMs: STARTUP_IDLE_WINDOW_MS,
      log,
    });
    process.stdout.write(startupReport(startup));
    writeResults('player-startup', { startup });
  } finally {
    await browser.close();
  }
}

function writeResults(name: string, figures: unknown): void {
  const results = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(figures, null, 2));
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}

async function main(): Promise<void> {
  if (ONLY_IDLE) return idleOnly();
  if (ONLY_STARTUP) return startupOnly();
  await assertBuilt(['server', 'player', 'content']);
  const bundle = measureBundle(path.join(REPO_ROOT, 'apps/player/dist'));
  const server = await startServer({ name: 'bench server' });
  const origin = server.url;
  const browser: Browser = await launchBrowser();
  const signup = await fetch(`${origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench password',
      orgName: 'Bench',
    }),
  });
  const operator = ((await signup.json()) as { idToken: string }).idToken;

  const pairing: number[] = [];
  const content: number[] = [];
  const offline: number[] = [];
  const pages: Page[] = [];
  let soaked: SoakFigures | null = null;
  let idle: IdleFigures | undefined;
  try {
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${origin}/`);
      const code = await pairingCodeShown(page);
      if (run > 0) pairing.push(performance.now() - started); // run 0 warms the server up
      await fetch(`${origin}/api/v1/screens/pair`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
        body: JSON.stringify({ code }),
      });
      await contentLoaded(page);
      await waitForExpression(page, 'navigator.serviceWorker.controller !== null');
      await page.waitForTimeout(500);
      const again = performance.now();
      await page.goto(`${origin}/`);
      await contentLoaded(page);
      if (run > 0) content.push(performance.now() - again);
      pages.push(page);
    }
    const soakPage = pages[0];
    const soakScreen = await screenOf(origin, operator);
    if (soakPage && soakScreen && process.env.BENCH_PLAYER_SOAK !== '0') {
      log('heap soak: 1,000 action flags and 1,000 content changes');
      soaked = await soak(
        soakPage,
        { origin, operatorToken: operator, screenId: soakScreen },
        SOAK_ROUNDS,
        log,
      );
    }
    log('content player CPU at idle, with and without a timeline');
    idle = await measureIdleCpu(browser, origin, { runs: IDLE_RUNS, windowMs: IDLE_WINDOW_MS, log });
    log('stopping the server for the offline reloads');
    await server.stop();
    for (const [index, page] of pages.entries()) {
      const started = performance.now();
      await page.reload();
      await contentLoaded(page);
      if (index > 0) offline.push(performance.now() - started);
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const rows = [
    [
      'initial JS (gzip)',
      `${(bundle.initialJsGzipBytes / 1024).toFixed(1)} KB`,
      '≤ 110 KB',
      bundle.initialJsGzipBytes <= BUDGETS.initialJsGzipBytes,
    ],
    [
      'navigation → pairing code visible (median)',
      `${median(pairing).toFixed(0)} ms`,
      '≤ 1500 ms',
      median(pairing) <= BUDGETS.pairingCodeMs,
    ],
    [
      'paired navigation → content loaded (median)',
      `${median(content).toFixed(0)} ms`,
      '≤ 1000 ms',
      median(content) <= BUDGETS.contentMs,
    ],
    [
      'server stopped: reload → cached content (median)',
      `${median(offline).toFixed(0)} ms`,
      '≤ 1000 ms',
      median(offline) <= BUDGETS.offlineMs,
    ],
    [
      `heap growth, ${SOAK_ROUNDS} flags + content changes vs first 100`,
      soaked ? `${(soaked.growthBytes / 1024).toFixed(0)} KB` : 'not run',
      '≤ 2048 KB',
      soaked !== null && soaked.growthBytes <= SOAK_BUDGET_BYTES,
    ],
  ] as const;
  process.stdout.write(
    `${rows.map(([label, value, budget, ok]) => `${label.padEnd(50)} ${value.padStart(10)}  ${budget.padEnd(10)} ${ok ? 'pass' : 'FAIL'}`).join('\n')}\n` +
      `(lazy chunks, loaded after first paint: ${(bundle.lazyJsGzipBytes / 1024).toFixed(1)} KB gzip; ${RUNS} runs each)\n` +
      (idle === undefined ? '' : idleRows(idle)),
  );
  writeResults('player', {
    bundle,
    runs: RUNS,
    pairingMs: pairing,
    contentMs: content,
    offlineMs: offline,
    soak: soaked,
    idle: idle ?? null,
    budgets: BUDGETS,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
