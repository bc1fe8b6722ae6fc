// The player's start-up on weak hardware (docs/player.md §Start-up timings): at each CPU throttle rate (CDP
// Emulation.setCPUThrottlingRate, the usual stand-in for a Pi-class CPU), several fresh browser contexts at
// 1920×1080 each time navigation → pairing code visible, then (paired, an image as content) navigation → the image
// visible, and, once the server is stopped, reload → the cached image. "Visible" is read in the page itself: a
// probe in every frame notes the time of the first animation frame after the code or the loaded image is in the
// DOM, against the top page's navigation start. The waterfall comes from the marks the players put at each step
// (packages/protocol/src/startupMarks.ts) and the browser's navigation and resource timings.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { STARTUP_MARK_PREFIX } from '@marquee/protocol';
import { REPO_ROOT, startServer, type MarqueeServer } from '@marquee/testbed';
import { waitForExpression } from './pageWait';

export const STARTUP_BUDGETS = {
  pairingMs: { 1: 1000, 6: 3000 },
  contentMs: { 1: 1000, 6: 2500 },
  offlineMs: { 1: 1000, 6: 2500 },
} as const;

export interface WaterfallStep {
  step: string;
  /** ms since the top page's navigation start (median of the runs). */
  start: number;
  end: number;
}

export interface StartupRate {
  rate: number;
  pairingMs: number[];
  contentMs: number[];
  offlineMs: number[];
  pairingWaterfall: WaterfallStep[];
  contentWaterfall: WaterfallStep[];
  offlineWaterfall: WaterfallStep[];
}

export interface IdleCost {
  windowMs: number;
  /** Main-thread busy time over the window, in % of wall time. */
  pairingBusyPercent: number;
  imageBusyPercent: number;
  /** JS heap after a forced GC at the start and the end of each window (bytes). */
  pairingHeap: [number, number];
  imageHeap: [number, number];
}

export interface StartupFigures {
  runs: number;
  rates: StartupRate[];
  idle: IdleCost | null;
}

/**
 * Runs in the top page (init scripts do not reach the player's frame): notes in __marqueeBench the epoch time of the
 * first animation frame after the pairing code, or a loaded image of the content, is in the frame's DOM. The frame's
 * document is watched from its load event on (the code and the content come later: after the bridge handshake);
 * what is already there then is noted then, which never flatters. Event-driven (mutations, load events), so it
 * costs nothing while waiting, which matters under a throttled CPU.
 */
const VISIBLE_PROBE = `(() => {
  if (window !== window.top) return;
  const bench = (window.__marqueeBench ??= {});
  const waiting = {};
  const note = (key) => {
    if (bench[key] !== undefined) return;
    bench[key] = null;
    requestAnimationFrame(() => {
      bench[key] = performance.timeOrigin + performance.now();
      for (const resolve of waiting[key] ?? []) resolve(bench[key]);
    });
  };
  // What the bench awaits (one Runtime.evaluate): no polling, nothing injected into the page while it starts.
  bench.when = (key) => typeof bench[key] === 'number'
    ? Promise.resolve(bench[key])
    : new Promise((resolve) => (waiting[key] ??= []).push(resolve));
  const watch = (doc) => {
    const check = () => {
      const code = doc.querySelector('[data-testid="pairing-code"]');
      if (code && code.textContent.replace(/\\s/g, '').length === 6) note('codeAt');
      for (const img of doc.querySelectorAll('.layer.is-current img')) {
        if (img.complete && img.naturalWidth > 0) note('contentAt');
      }
    };
    new MutationObserver(check).observe(doc, { childList: true, subtree: true, attributes: true });
    doc.addEventListener('load', check, true);
    check();
  };
  const hook = (frame) => {
    if (frame.__benchHooked) return;
    frame.__benchHooked = true;
    frame.addEventListener('load', () => { if (frame.contentDocument) watch(frame.contentDocument); });
  };
  new MutationObserver(() => document.querySelectorAll('iframe').forEach(hook))
    .observe(document, { childList: true, subtree: true });
})();`;

/** The marks and timings of one document, as epoch ms. */
const READ_TIMINGS = `(() => {
  const origin = performance.timeOrigin;
  const at = (ms) => origin + ms;
  const nav = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource')
    .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
    .filter((entry) => /\\/assets\\/[^/]+\\.js$/.test(new URL(entry.name).pathname));
  return {
    origin,
    navigation: nav ? { start: at(nav.fetchStart), end: at(nav.responseEnd) } : null,
    firstScript: scripts.length ? { start: at(scripts[0].startTime), end: at(scripts[0].responseEnd) } : null,
    marks: performance.getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith(${JSON.stringify(STARTUP_MARK_PREFIX)}))
      .map((mark) => ({ name: mark.name, at: at(mark.startTime) })),
  };
})()`;

interface DocumentTimings {
  origin: number;
  navigation: { start: number; end: number } | null;
  firstScript: { start: number; end: number } | null;
  marks: { name: string; at: number }[];
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

function contentFrame(page: Page): Frame | undefined {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.url().includes('/content/'));
}

/** Each step of the chain with its start and end, in ms since the top page's navigation start (NaN: not run). */
function waterfall(top: DocumentTimings, frame: DocumentTimings | null): Record<string, [number, number]> {
  const rel = (epoch: number | undefined) => (epoch === undefined ? NaN : epoch - top.origin);
  const mark = (doc: DocumentTimings | null, step: string, phase: string) =>
    rel(doc?.marks.find((entry) => entry.name === `${STARTUP_MARK_PREFIX}${step}:${phase}`)?.at);
  const both = (step: string): [number, number] => {
    const inTop: [number, number] = [mark(top, step, 'start'), mark(top, step, 'end')];
    return Number.isNaN(inTop[1]) ? [mark(frame, step, 'start'), mark(frame, step, 'end')] : inTop;
  };
  return {
    'player page': [rel(top.navigation?.start), rel(top.navigation?.end)],
    'player bundle (fetch → run)': [rel(top.firstScript?.start), mark(top, 'player-bundle', 'end')],
    registration: both('registration'),
    'custom-token sign-in': both('sign-in'),
    'realtime connect and listen': both('realtime'),
    'frame load': [rel(frame?.navigation?.start), rel(frame?.navigation?.end)],
    "frame's bundle (fetch → run)": [rel(frame?.firstScript?.start), mark(frame, 'frame-bundle', 'end')],
    'bridge handshake': both('bridge'),
    getPairingCode: both('get-pairing-code'),
    'first paint of the code': both('pairing-code-shown'),
  };
}

async function readWaterfall(page: Page): Promise<Record<string, [number, number]>> {
  const top = (await page.evaluate(READ_TIMINGS)) as DocumentTimings;
  const frame = contentFrame(page);
  const inFrame = frame
    ? ((await frame.evaluate(READ_TIMINGS).catch(() => null)) as DocumentTimings | null)
    : null;
  return waterfall(top, inFrame);
}

function medianWaterfall(runs: Record<string, [number, number]>[]): WaterfallStep[] {
  const steps = Object.keys(runs[0] ?? {});
  return steps.map((step) => ({
    step,
    start: median(runs.map((run) => run[step]![0])),
    end: median(runs.map((run) => run[step]![1])),
  }));
}

/** ms from the top page's navigation start to the probe's note `key`; NaN when it never came (logged, not fatal). */
async function visibleAfter(page: Page, key: 'codeAt' | 'contentAt', timeoutMs = 60_000): Promise<number> {
  try {
    return await noted(page, key, timeoutMs);
  } catch (error) {
    process.stderr.write(`[bench:player] ${key} not seen: ${(error as Error).message.split('\n')[0]}\n`);
    return NaN;
  }
}

async function noted(page: Page, key: 'codeAt' | 'contentAt', timeoutMs: number): Promise<number> {
  // The probe's own promise, awaited by one evaluation. page.waitForFunction would inject Playwright's script into
  // the page as it starts (40 ms of main thread at ×1, 170 ms at ×6), on the very path being measured.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = performance.now() + timeoutMs;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${key} not noted within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    for (;;) {
      try {
        const at = (await Promise.race([
          page.evaluate(`window.__marqueeBench.when(${JSON.stringify(key)})`),
          timeout,
        ])) as number;
        return at - ((await page.evaluate('performance.timeOrigin')) as number);
      } catch (error) {
        // The player page navigated (a reload after pairing): wait in the new document.
        if (!/context was destroyed|navigat/i.test((error as Error).message)) throw error;
        if (performance.now() > deadline) throw error;
        await page.waitForLoadState('load');
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

async function heapAfterGc(cdp: Cdp): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** Main-thread busy % over `windowMs` of the page as it is, with the heap after GC before and after. */
async function idleWindow(cdp: Cdp, page: Page, windowMs: number) {
  await cdp.send('Performance.enable');
  const heapBefore = await heapAfterGc(cdp);
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')
      ?.value ?? NaN;
  const before = await busy();
  await page.waitForTimeout(windowMs);
  const percent = (((await busy()) - before) * 1000 * 100) / windowMs;
  const heapAfter = await heapAfterGc(cdp);
  return { percent, heap: [heapBefore, heapAfter] as [number, number] };
}

interface Operator {
  token: string;
  mediaId: string;
}

async function signUp(server: MarqueeServer): Promise<Operator> {
  const signup = await fetch(`${server.url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `startup-${Date.now()}@example.com`,
      password: 'bench password',
      orgName: 'Bench',
    }),
  });
  const token = ((await signup.json()) as { idToken: string }).idToken;
  // A real PNG of the repository: the player's own icon.
  const form = new FormData();
  const png = fs.readFileSync(path.join(REPO_ROOT, 'apps/player/public/icon-512.png'));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bench.png');
  const media = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { token, mediaId: ((await media.json()) as { id: string }).id };
}

async function pairWithImage(server: MarqueeServer, operator: Operator, code: string): Promise<void> {
  const headers = { Authorization: `Bearer ${operator.token}`, 'Content-Type': 'application/json' };
  const paired = await fetch(`${server.url}/api/v1/screens/pair`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code }),
  });
  const { id } = (await paired.json()) as { id: string };
  await fetch(`${server.url}/api/v1/screens/${id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ content: [{ src: operator.mediaId }] }),
  });
}

/**
 * Loads the player once, unthrottled and unmeasured, in a context of its own that is closed again: the server's
 * code paths (the shells, registration, sign-in, the realtime socket) are warm before a measured run, also after
 * the restart that ends each run.
 */
async function warmUp(browser: Browser, server: MarqueeServer): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    await context.addInitScript(VISIBLE_PROBE);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await noted(page, 'codeAt', 60_000).catch(() => NaN);
  } finally {
    await context.close();
  }
}

const load = () => os.loadavg()[0]!.toFixed(2);

/**
 * One throttle rate: `runs` measured runs on a server of their own. Each run is isolated: a fresh context (own
 * storage, own service workers), throttled; navigation → code, pairing, navigation → content; then the server is
 * stopped for the reload → cached content, the context is closed (its player stops playing and heart-beating) and
 * the server starts again on the same port and data and is warmed up before the next run. Nothing of a run is left
 * running in the next one: an earlier version kept every run's paired player open until the end of the rate, which
 * loaded the machine more with each run and made the later runs, and the medians, slower.
 */
async function measureRate(
  browser: Browser,
  rate: number,
  runs: number,
  idleWindowMs: number,
  log: (line: string) => void,
): Promise<{ figures: StartupRate; idle: IdleCost | null }> {
  const server = await startServer({ name: `startup bench server ×${rate}` });
  const operator = await signUp(server);
  const pairingMs: number[] = [];
  const contentMs: number[] = [];
  const offlineMs: number[] = [];
  const pairingRuns: Record<string, [number, number]>[] = [];
  const contentRuns: Record<string, [number, number]>[] = [];
  const offlineRuns: Record<string, [number, number]>[] = [];
  let idle: IdleCost | null = null;
  try {
    for (let run = 1; run <= runs; run++) {
      if (!server.running()) await server.start();
      await warmUp(browser, server);
      const loadBefore = load();
      const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      try {
        await context.addInitScript(VISIBLE_PROBE);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${server.url}/`);
        const pairing = await visibleAfter(page, 'codeAt');
        pairingMs.push(pairing);
        if (Number.isNaN(pairing)) continue;
        await page.waitForTimeout(300); // the marks after the paint
        pairingRuns.push(await readWaterfall(page));
        const measureIdle = run === 1 && rate === 1 && idleWindowMs > 0;
        const pairingIdle = measureIdle ? await idleWindow(cdp, page, idleWindowMs) : null;
        const code = (await contentFrame(page)!.getByTestId('pairing-code').textContent())!.replace(
          /\s/g,
          '',
        );
        await pairWithImage(server, operator, code);
        await visibleAfter(page, 'contentAt');
        // The service workers hold the shells and the image before the next navigation.
        await waitForExpression(page, 'navigator.serviceWorker.controller !== null');
        await page.waitForTimeout(1000);
        await page.goto(`${server.url}/`);
        const content = await visibleAfter(page, 'contentAt');
        contentMs.push(content);
        await page.waitForTimeout(300);
        contentRuns.push(await readWaterfall(page));
        const imageIdle = measureIdle ? await idleWindow(cdp, page, idleWindowMs) : null;
        if (pairingIdle && imageIdle) {
          idle = {
            windowMs: idleWindowMs,
            pairingBusyPercent: pairingIdle.percent,
            imageBusyPercent: imageIdle.percent,
            pairingHeap: pairingIdle.heap,
            imageHeap: imageIdle.heap,
          };
        }
        await server.stop();
        await page.reload();
        const offline = await visibleAfter(page, 'contentAt');
        offlineMs.push(offline);
        await page.waitForTimeout(300);
        offlineRuns.push(await readWaterfall(page));
        log(
          `×${rate} run ${run}: code ${pairing.toFixed(0)} ms, content ${content.toFixed(0)} ms, ` +
            `offline ${offline.toFixed(0)} ms (load average ${loadBefore} → ${load()})`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await server.close();
  }
  return {
    figures: {
      rate,
      pairingMs,
      contentMs,
      offlineMs,
      pairingWaterfall: medianWaterfall(pairingRuns),
      contentWaterfall: medianWaterfall(contentRuns),
      offlineWaterfall: medianWaterfall(offlineRuns),
    },
    idle,
  };
}

export async function measureStartup(
  browser: Browser,
  {
    rates = [1, 4, 6],
    runs = 5,
    idleWindowMs = 20_000,
    log = (_line: string) => {},
  }: { rates?: number[]; runs?: number; idleWindowMs?: number; log?: (line: string) => void } = {},
): Promise<StartupFigures> {
  const figures: StartupRate[] = [];
  let idle: IdleCost | null = null;
  for (const rate of rates) {
    const measured = await measureRate(browser, rate, runs, idleWindowMs, log);
    figures.push(measured.figures);
    idle ??= measured.idle;
  }
  return { runs, rates: figures, idle };
}

const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)}` : '–');

/** The figures as a table per rate, the budgets beside them, and each rate's waterfalls. */
export function startupReport(figures: StartupFigures): string {
  const lines: string[] = [];
  const rows = [
    ['navigation → pairing code visible', 'pairingMs'],
    ['paired navigation → content visible', 'contentMs'],
    ['server stopped: reload → cached content', 'offlineMs'],
  ] as const;
  lines.push(
    `${'start-up (median ms, fresh profile, 1920×1080)'.padEnd(44)}${figures.rates.map(({ rate }) => `×${rate}`.padStart(8)).join('')}   budget`,
  );
  for (const [label, key] of rows) {
    const budget = STARTUP_BUDGETS[key];
    const verdict = figures.rates
      .filter(({ rate }) => rate in budget)
      .map(({ rate, [key]: values }) => (median(values) <= budget[rate as 1 | 6] ? 'pass' : 'FAIL'))
      .join('/');
    lines.push(
      `${label.padEnd(44)}${figures.rates.map(({ [key]: values }) => fmt(median(values)).padStart(8)).join('')}   ≤ ${budget[1]} at ×1, ≤ ${budget[6]} at ×6: ${verdict}`,
    );
  }
  lines.push(
    `(median of ${figures.runs} runs each, each in a fresh context after an unmeasured warm-up load)`,
  );
  for (const rate of figures.rates) {
    for (const [name, steps] of [
      ['pairing', rate.pairingWaterfall],
      ['paired', rate.contentWaterfall],
      ['offline', rate.offlineWaterfall],
    ] as const) {
      lines.push(`\nwaterfall ×${rate.rate}, ${name} (ms since navigation start, medians)`);
      const scale = Math.max(...steps.map((step) => step.end).filter(Number.isFinite), 1);
      for (const { step, start, end } of steps) {
        if (!Number.isFinite(start) && !Number.isFinite(end)) continue;
        const from = Math.round((Math.max(start, 0) / scale) * 40);
        const to = Math.max(from + 1, Math.round((end / scale) * 40));
        const bar =
          Number.isFinite(start) && Number.isFinite(end) ? ' '.repeat(from) + '█'.repeat(to - from) : '';
        lines.push(`  ${step.padEnd(30)}${fmt(start).padStart(6)} →${fmt(end).padStart(6)}  ${bar}`);
      }
    }
  }
  if (figures.idle) {
    const { idle } = figures;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    lines.push(
      `\nidle at ×1 over ${idle.windowMs / 1000} s: pairing page ${idle.pairingBusyPercent.toFixed(2)} % busy, ` +
        `heap ${kb(idle.pairingHeap[0])} → ${kb(idle.pairingHeap[1])}; image ${idle.imageBusyPercent.toFixed(2)} % busy, ` +
        `heap ${kb(idle.imageHeap[0])} → ${kb(idle.imageHeap[1])} (budget ≤ 1 % busy, heap flat)`,
    );
  }
  return `${lines.join('\n')}\n`;
}
