// The bridge in a real browser: Debian Chromium (@marquee/testbed's), a parent page on one origin embedding a
// child frame from another and a foreign frame from a third, all served by node:http on 127.0.0.1. The bridge is
// the package's own source, bundled by vite in memory. Time-outs are checked at the defaults of
// docs/protocols/bridge.md §Timeouts with Playwright's clock, which drives the timers of every page and frame of a
// context.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  BRIDGE_CALL_TIMEOUT_MS,
  BRIDGE_CONNECT_TIMEOUT_MS,
  BRIDGE_PING_INTERVAL_MS,
} from '@marquee/protocol';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '@marquee/testbed';
import type * as BridgeModule from '../src/index';
import { DEFAULT_MAX_MESSAGE_LENGTH } from '../src/index';

interface Outcome {
  settled: number;
  value?: unknown;
  error?: string;
}

/** What each test page keeps on `window.harness`; referenced by name inside page functions. */
interface Harness {
  bridgeModule: typeof BridgeModule;
  bridge: BridgeModule.Bridge;
  /** The first 200 characters of every string message this window received ('[non-string]' otherwise). */
  received: string[];
  /** Unhandled rejections and uncaught errors in this window. */
  unhandled: string[];
  outcomes: Record<string, Outcome>;
  track(name: string, promise: Promise<unknown>): void;
  secretCalls: number;
  releaseSlow(value: unknown): void;
  heard: unknown[];
  unsubscribe(): void;
}
// Module-scoped (no global augmentation leaking into src): inside page functions it is the page's global.
declare const harness: Harness;

// Harness only: records what a window receives and how promises settle. All bridge code comes from the bundle.
const PAGE = `<!doctype html><meta charset="utf-8"><title>bridge test</title>
<script>
  const harness = (window.harness = { received: [], unhandled: [], outcomes: {}, secretCalls: 0, heard: [] });
  addEventListener('message', (e) =>
    harness.received.push(typeof e.data === 'string' ? e.data.slice(0, 200) : '[non-string]'),
  );
  addEventListener('unhandledrejection', (e) =>
    harness.unhandled.push(String((e.reason && e.reason.message) || e.reason)),
  );
  addEventListener('error', (e) => harness.unhandled.push(String(e.message)));
  harness.track = (name, promise) => {
    const outcome = (harness.outcomes[name] = { settled: 0 });
    promise.then(
      (value) => { outcome.settled++; outcome.value = value; },
      (error) => { outcome.settled++; outcome.error = error.message; },
    );
  };
</script>
<script type="module">import * as bridgeModule from '/bridge.js'; window.harness.bridgeModule = bridgeModule;</script>`;

let bundle: string;
let browser: Browser;
let context: BrowserContext;
const servers: Server[] = [];
/** The parent page's origin (A), the child frame's (B) and a foreign one (C). */
let A: string;
let B: string;
let C: string;
let pageErrors: string[];
let pages: Page[];
/** Contexts a test opened besides the shared one, closed after it. */
let extraContexts: BrowserContext[];

async function bundleBridge(): Promise<string> {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: packageDir,
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('../src/index.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'bridge',
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
    if (entry?.type === 'chunk') return entry.code;
  }
  throw new Error('vite produced no entry chunk');
}

async function serve(): Promise<string> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/bridge.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/favicon.ico') {
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function ready(frame: Frame): Promise<void> {
  await frame.waitForFunction(() => 'harness' in window && 'bridgeModule' in harness);
}

async function openParent(inContext: BrowserContext = context): Promise<Page> {
  const page = await inContext.newPage();
  pages.push(page);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The bridge reports its own failures with console.error: none is expected.
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(`${A}/page.html`);
  await ready(page.mainFrame());
  return page;
}

/** Adds an iframe named `name` showing `origin`'s page, and waits for its bridge module. */
async function addFrame(page: Page, name: string, origin: string): Promise<Frame> {
  await page.evaluate(
    ([name, src]) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe');
        iframe.name = name;
        iframe.addEventListener('load', () => resolve(), { once: true });
        iframe.src = src;
        document.body.append(iframe);
      }),
    [name, `${origin}/page.html`] as const,
  );
  const frame = page.frame({ name });
  if (frame === null) throw new Error(`no frame ${name}`);
  await ready(frame);
  return frame;
}

/** The child answers (listen mode), exposing what the tests call on it; nothing connects yet. */
async function childListens(child: Frame): Promise<void> {
  await child.evaluate((parentOrigin) => {
    let release: (value: unknown) => void = () => {};
    harness.releaseSlow = (value) => release(value);
    harness.bridge = harness.bridgeModule.createBridge({
      target: window.parent,
      targetOrigin: parentOrigin,
      expose: {
        getPairingCode: async () => 'ABC234',
        add: (a: number, b: number) => a + b,
        slowMethod: () => new Promise((resolve) => (release = resolve)),
        secret: () => ++harness.secretCalls,
      },
    });
  }, A);
}

/** The parent's bridge to its child frame, exposing what the child calls on it. */
async function parentBridge(page: Page, targetOrigin = B, allowAnyOrigin = false): Promise<void> {
  await page.evaluate(
    ([targetOrigin, allowAnyOrigin]) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[name=child]');
      if (iframe?.contentWindow == null) throw new Error('no child frame');
      harness.bridge = harness.bridgeModule.createBridge({
        target: iframe.contentWindow,
        targetOrigin,
        allowAnyOrigin,
        expose: {
          getAuthData: async () => ({ token: 'parent-token' }),
          throwing: () => {
            throw new Error('thrown in the parent');
          },
          rejecting: () => Promise.reject(new Error('rejected in the parent')),
          secret: () => ++harness.secretCalls,
        },
      });
    },
    [targetOrigin, allowAnyOrigin] as const,
  );
}

/** Calls `method` on the peer of the bridge in `frame`; resolves with how the call settled. */
function call(frame: Frame | Page, method: string, ...args: unknown[]): Promise<Outcome> {
  return frame.evaluate(
    ([method, args]) =>
      harness.bridge.call(method, ...args).then(
        (value) => ({ settled: 1, value }),
        (error: Error) => ({ settled: 1, error: error.message }),
      ),
    [method, args] as const,
  );
}

function outcome(frame: Frame | Page, name: string): Promise<Outcome | undefined> {
  return frame.evaluate((name) => harness.outcomes[name], name);
}

/** Parent page with the child (origin B) connected to it; the parent listens. */
async function connectedFamily(inContext?: BrowserContext) {
  const page = await openParent(inContext);
  const child = await addFrame(page, 'child', B);
  await parentBridge(page);
  await childListens(child);
  return { page, child };
}

beforeAll(async () => {
  bundle = await bundleBridge();
  [A, B, C] = await Promise.all([serve(), serve(), serve()]);
  browser = await launchBrowser();
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  pageErrors = [];
  pages = [];
  extraContexts = [];
});

afterEach(async () => {
  // No unhandled rejection or uncaught error anywhere, including after late results and garbage.
  for (const page of pages) {
    for (const frame of page.frames()) expect(await frame.evaluate(() => harness.unhandled)).toEqual([]);
    await page.close();
  }
  for (const extra of extraContexts) await extra.close();
  expect(pageErrors).toEqual([]);
});

describe('bridge in Chromium', () => {
  it('bundles the real source', () => {
    expect(bundle).toContain('missing api method: ');
    expect(bundle).toContain('createBridge');
  });

  it('connects parent → child and calls both ways', async () => {
    const page = await openParent();
    const child = await addFrame(page, 'child', B);
    await childListens(child);
    await parentBridge(page);
    await page.evaluate(() => harness.bridge.connect());
    expect(await page.evaluate(() => harness.bridge.peer?.origin)).toBe(B);
    expect(await child.evaluate(() => harness.bridge.peer?.origin)).toBe(A);

    expect(await call(page, 'getPairingCode')).toEqual({ settled: 1, value: 'ABC234' });
    expect(await call(page, 'add', 2, 40)).toEqual({ settled: 1, value: 42 });
    expect(await call(child, 'getAuthData')).toEqual({ settled: 1, value: { token: 'parent-token' } });
    expect((await page.evaluate(() => harness.received))[0]).toMatch(
      /^\{"pong":\{"to":"[0-9a-f]{32}","from":/,
    );
  });

  it('connects child → parent; missing, throwing and rejecting methods answer their texts', async () => {
    const { page, child } = await connectedFamily();
    await child.evaluate(() => harness.bridge.connect());
    expect(await call(child, 'getAuthData')).toEqual({ settled: 1, value: { token: 'parent-token' } });
    expect(await call(page, 'getPairingCode')).toEqual({ settled: 1, value: 'ABC234' });
    expect(await call(child, 'x')).toEqual({ settled: 1, error: 'missing api method: x' });
    expect(await call(page, 'toString')).toEqual({ settled: 1, error: 'missing api method: toString' });
    expect(await call(child, 'throwing')).toEqual({ settled: 1, error: 'thrown in the parent' });
    expect(await call(child, 'rejecting')).toEqual({ settled: 1, error: 'rejected in the parent' });
  });

  it('delivers events to subscribers only', async () => {
    const { page, child } = await connectedFamily();
    await child.evaluate(() => harness.bridge.connect());
    expect(await page.evaluate(() => harness.bridge.emit('mute', true))).toBe(false);
    await child.evaluate(() => {
      harness.unsubscribe = harness.bridge.on('mute', (data) => harness.heard.push(data));
    });
    await page.waitForFunction(() => harness.bridge.isSubscribed('mute'));
    expect(
      await page.evaluate(() => [
        harness.bridge.emit('mute', { on: true }),
        harness.bridge.emit('volume', 3),
      ]),
    ).toEqual([true, false]);
    await child.waitForFunction(() => harness.heard.length === 1);
    expect(await child.evaluate(() => harness.heard)).toEqual([{ on: true }]);

    await child.evaluate(() => harness.unsubscribe());
    await page.waitForFunction(() => !harness.bridge.isSubscribed('mute'));
    expect(await page.evaluate(() => harness.bridge.emit('mute', false))).toBe(false);
    // A round trip after the unsubscribe: anything emitted before it would have arrived by now.
    expect(await call(page, 'getPairingCode')).toEqual({ settled: 1, value: 'ABC234' });
    expect(await child.evaluate(() => harness.heard)).toEqual([{ on: true }]);
  });

  it('ignores forged results, calls and handshakes from other frames, foreign or same-origin', async () => {
    const { page, child } = await connectedFamily();
    await child.evaluate(() => harness.bridge.connect());
    // A foreign origin, and impostors from the child's and the parent's own origins in other windows.
    const intruders = [
      await addFrame(page, 'foreign', C),
      await addFrame(page, 'impostorB', B),
      await addFrame(page, 'impostorA', A),
    ];
    await page.evaluate(() => harness.track('slow', harness.bridge.call('slowMethod')));
    await child.waitForFunction(() => harness.received.some((m) => m.includes('"method":"slowMethod"')));

    for (const intruder of intruders) {
      await intruder.evaluate(() => {
        const childWindow = window.parent.frames[0];
        for (const forged of [
          '{"result":{"id":1,"value":"forged"}}',
          '{"call":{"id":1,"method":"secret","args":[]}}',
          '{"ping":{"from":"intruder","connection":"1"}}',
          '{"subscribe":"mute"}',
        ]) {
          window.parent.postMessage(forged, '*');
          childWindow?.postMessage(forged, '*');
        }
      });
    }
    const allForged = (count: number) =>
      harness.received.filter((m) => m.includes('forged')).length === count;
    await page.waitForFunction(allForged, intruders.length);
    await child.waitForFunction(allForged, intruders.length);
    // A round trip each way after the forgeries: had they been acted on, it would show by now.
    expect(await call(child, 'getAuthData')).toMatchObject({ value: { token: 'parent-token' } });
    expect(await call(page, 'getPairingCode')).toMatchObject({ value: 'ABC234' });

    expect(await outcome(page, 'slow')).toEqual({ settled: 0 });
    expect(await page.evaluate(() => [harness.secretCalls, harness.bridge.isSubscribed('mute')])).toEqual([
      0,
      false,
    ]);
    expect(await child.evaluate(() => [harness.secretCalls, harness.bridge.isSubscribed('mute')])).toEqual([
      0,
      false,
    ]);
    for (const intruder of intruders) expect(await intruder.evaluate(() => harness.received)).toEqual([]);

    await child.evaluate(() => harness.releaseSlow('genuine'));
    await page.waitForFunction(() => harness.outcomes.slow?.settled === 1);
    expect(await outcome(page, 'slow')).toEqual({ settled: 1, value: 'genuine' });
  });

  it('ignores the pinned frame once it navigated to a foreign origin, also when pinned through "*"', async () => {
    for (const [targetOrigin, allowAnyOrigin] of [
      [B, false],
      ['*', true],
    ] as const) {
      const page = await openParent();
      const child = await addFrame(page, 'child', B);
      await parentBridge(page, targetOrigin, allowAnyOrigin);
      await childListens(child);
      await child.evaluate(() => harness.bridge.connect());
      expect(await page.evaluate(() => harness.bridge.peer?.origin)).toBe(B);
      await page.evaluate(() => harness.track('pending', harness.bridge.call('slowMethod')));

      // Same window (the iframe's), another origin.
      await page.evaluate((src) => {
        document.querySelector<HTMLIFrameElement>('iframe[name=child]')?.setAttribute('src', src);
      }, `${C}/page.html`);
      await child.waitForURL(`${C}/page.html`);
      await ready(child);
      await child.evaluate(() => {
        for (const forged of [
          '{"result":{"id":1,"value":"forged"}}',
          '{"call":{"id":1,"method":"secret","args":[]}}',
          '{"ping":{"from":"foreign","connection":"1"}}',
        ]) {
          window.parent.postMessage(forged, '*');
        }
      });
      await page.waitForFunction(() => harness.received.some((m) => m.includes('"from":"foreign"')));
      // Let the parent answer if it were going to: one more message from the new document, after the forgeries.
      await child.evaluate(() => window.parent.postMessage('after', '*'));
      await page.waitForFunction(() => harness.received.includes('after'));
      expect(await child.evaluate(() => harness.received)).toEqual([]);
      expect(await page.evaluate(() => harness.secretCalls)).toBe(0);
      expect(await outcome(page, 'pending')).toEqual({ settled: 0 });
      expect(await page.evaluate(() => harness.bridge.peer?.origin)).toBe(B);
      await page.evaluate(() => harness.bridge.close());
      await page.waitForFunction(() => harness.outcomes.pending?.settled === 1);
      expect(await outcome(page, 'pending')).toEqual({ settled: 1, error: 'bridge closed' });
    }
  });

  it('tolerates garbage before and after the handshake', async () => {
    const page = await openParent();
    const child = await addFrame(page, 'child', B);
    await parentBridge(page);
    await page.evaluate(() => {
      harness.unsubscribe = harness.bridge.on('big', (data) => harness.heard.push((data as string).length));
    });
    await childListens(child);
    const sendGarbage = (maxLength: number) =>
      child.evaluate((maxLength) => {
        const event = (length: number) => {
          const head = '{"event":{"type":"big","data":"';
          return head + 'x'.repeat(length - head.length - 3) + '"}}';
        };
        const garbage: unknown[] = [
          undefined,
          null,
          42,
          { call: { id: 1, method: 'secret' } },
          ['{"call":{"id":1,"method":"secret"}}'],
          new ArrayBuffer(16),
          new Blob(['blob']),
          '',
          'not json',
          '{"call":',
          '[]',
          'null',
          '{"call":{"id":1}}',
          '{"call":{"id":1,"method":"secret","args":"nope"}}',
          '{"result":{"value":"no id"}}',
          '{"event":{"data":1}}',
          '{"ping":{"from":""}}',
          '{"ping":{"from":"a"},"call":{"id":1,"method":"secret"}}',
          '{"__proto__":{"polluted":true}}',
          event(maxLength + 1),
        ];
        for (const data of garbage) window.parent.postMessage(data, '*');
        window.parent.postMessage('garbage done', '*');
      }, maxLength);

    await sendGarbage(DEFAULT_MAX_MESSAGE_LENGTH);
    await page.waitForFunction(() => harness.received.includes('garbage done'));
    await child.evaluate(() => harness.bridge.connect());
    await page.waitForFunction(() => harness.bridge.connected);
    await sendGarbage(DEFAULT_MAX_MESSAGE_LENGTH);
    await page.waitForFunction(() => harness.received.filter((m) => m === 'garbage done').length === 2);

    expect(
      await page.evaluate(() => [
        harness.secretCalls,
        harness.heard,
        ({} as { polluted?: boolean }).polluted,
      ]),
    ).toEqual([0, [], undefined]);
    // A large message within the limit still gets through.
    await child.waitForFunction(() => harness.bridge.isSubscribed('big'));
    await child.evaluate(() => harness.bridge.emit('big', 'y'.repeat(5_000_000)));
    await page.waitForFunction(() => harness.heard.length === 1);
    expect(await page.evaluate(() => harness.heard)).toEqual([5_000_000]);
    expect(await call(child, 'getAuthData')).toEqual({ settled: 1, value: { token: 'parent-token' } });
  });

  describe('at the documented time-outs, on a fake clock', () => {
    let clockContext: BrowserContext;
    beforeEach(async () => {
      clockContext = await browser.newContext();
      extraContexts.push(clockContext);
      await clockContext.clock.install();
    });

    async function pauseClock(page: Page): Promise<void> {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    }

    it("rejects connect with 'connect timeout' at 10 s, pinging every 100 ms, when the child never answers", async () => {
      const page = await openParent(clockContext);
      const child = await addFrame(page, 'child', B); // no bridge in it: nobody answers
      await parentBridge(page);
      await pauseClock(page);
      await page.evaluate(() => harness.track('connect', harness.bridge.connect()));
      await page.clock.runFor(BRIDGE_CONNECT_TIMEOUT_MS - 1);
      expect(await outcome(page, 'connect')).toEqual({ settled: 0 });
      await page.clock.runFor(1);
      await page.waitForFunction(() => harness.outcomes.connect?.settled === 1);
      expect(await outcome(page, 'connect')).toEqual({ settled: 1, error: 'connect timeout' });

      const pings = BRIDGE_CONNECT_TIMEOUT_MS / BRIDGE_PING_INTERVAL_MS;
      await child.waitForFunction((pings) => harness.received.length >= pings, pings);
      await page.clock.runFor(BRIDGE_CONNECT_TIMEOUT_MS);
      // Messages from one window arrive in order: once this marker is in, any later ping would be too.
      await page.evaluate(() => document.querySelector('iframe')?.contentWindow?.postMessage('marker', '*'));
      await child.waitForFunction(() => harness.received.includes('marker'));
      const received = await child.evaluate(() => harness.received);
      expect(received.filter((m) => m.startsWith('{"ping":'))).toHaveLength(pings);
    });

    it("rejects a call with 'call timeout: slowMethod' at 5 s and drops the late result", async () => {
      const { page, child } = await connectedFamily(clockContext);
      await child.evaluate(() => harness.bridge.connect());
      await pauseClock(page);
      await page.evaluate(() => harness.track('slow', harness.bridge.call('slowMethod')));
      await child.waitForFunction(() => harness.received.some((m) => m.includes('"method":"slowMethod"')));
      await page.clock.runFor(BRIDGE_CALL_TIMEOUT_MS - 1);
      expect(await outcome(page, 'slow')).toEqual({ settled: 0 });
      await page.clock.runFor(1);
      await page.waitForFunction(() => harness.outcomes.slow?.settled === 1);
      expect(await outcome(page, 'slow')).toEqual({ settled: 1, error: 'call timeout: slowMethod' });

      await child.evaluate(() => harness.releaseSlow('too late'));
      await page.waitForFunction(() => harness.received.some((m) => m.includes('"value":"too late"')));
      expect(await outcome(page, 'slow')).toEqual({ settled: 1, error: 'call timeout: slowMethod' });
      expect(await call(page, 'getPairingCode')).toEqual({ settled: 1, value: 'ABC234' });
    });
  });
});
