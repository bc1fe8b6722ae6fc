// The content player's CPU at idle with a timeline (docs/schedules.md §Player behaviour: boundaries only), as a
// ratio to the same page without one, measured in the same run: headless Chromium frames the built content player
// in a stand-in player page that answers its bridge calls with a fixed app/data, and the renderer's main-thread
// time (CDP Performance.getMetrics: TaskDuration, same-origin frames included) is read over a quiet window. A
// counter in every frame tells how many timer callbacks ran meanwhile: the 5 s app/data poll runs in both cases;
// a timeline that works between boundaries would show up as more.

import type { Browser, Page } from 'playwright-core';

export interface IdleCase {
  name: string;
  /** Main-thread busy time per second of wall time, in ms/s, median of the runs. */
  busyMsPerSecond: number;
  /** Timer callbacks that ran in the content frame per minute, median of the runs. */
  timerCallbacksPerMinute: number;
}

export interface IdleFigures {
  windowMs: number;
  runs: number;
  cases: IdleCase[];
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The stand-in player: a full-screen frame on /content/ and the bridge peer of docs/protocols/bridge.md. */
export const PLAYER_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>bench player</title></head>
<body style="margin:0;background:#000;overflow:hidden">
<iframe id="frame" src="/content/" style="border:0;width:100vw;height:100vh;display:block"></iframe>
<script>
const frame = document.getElementById('frame');
const me = 'bench-' + Math.random().toString(36).slice(2);
const post = (message) => frame.contentWindow.postMessage(JSON.stringify(message), location.origin);
const api = { getAppData: () => window.__appData, getAuthData: () => null, getDeviceInfo: () => null };
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  let m;
  try { m = JSON.parse(event.data); } catch { return; }
  if (m.ping) post({ pong: { to: m.ping.from, from: me, connection: m.ping.connection } });
  else if (m.call) {
    const fn = api[m.call.method];
    if (fn) post({ result: { id: m.call.id, value: fn(...m.call.args) } });
    else post({ result: { id: m.call.id, error: 'missing api method: ' + m.call.method } });
  }
});
</script></body></html>`;

/** Counts, in every frame, the timer callbacks that run (window.__timerCallbacks). */
const COUNT_TIMERS = `(() => {
  window.__timerCallbacks = 0;
  for (const name of ['setTimeout', 'setInterval']) {
    const original = window[name];
    window[name] = function (callback, ...rest) {
      const counted = typeof callback === 'function'
        ? function (...args) { window.__timerCallbacks++; return callback.apply(this, args); }
        : callback;
      return original.call(window, counted, ...rest);
    };
  }
})();`;

/** app/data for each case: one web page item (the same in every case), with or without a timeline. */
function appDataCases(origin: string, now: number): Array<{ name: string; appData: unknown }> {
  const items = [{ type: 'url', src: `${origin}/online.txt`, durationMs: 10_000 }];
  const generatedAt = now - HOUR;
  const horizonEnd = generatedAt + 96 * HOUR;
  const timeline = (source: Record<string, unknown>, fields: Record<string, unknown>) => ({
    timezone: 'Europe/London',
    generatedAt,
    horizonEnd,
    playlists: { default: { name: 'Default', items } },
    rules: {
      timezone: 'Europe/London',
      schedules: [],
      overrides:
        'message' in fields
          ? [
              {
                id: 'o1',
                name: 'Notice',
                message: fields.message,
                startsAt: generatedAt,
                expiresAt: horizonEnd + HOUR,
              },
            ]
          : [],
      defaultContent: { id: 'd', name: 'Default', playlistId: 'default' },
    },
    segments: [{ start: generatedAt, end: horizonEnd, source, reason: 'bench', ...fields }],
  });
  // A busy screen: 200 schedules (none active now), 20 playlists of 100 items; the poll carries all of it.
  const busyPlaylists = Object.fromEntries(
    Array.from({ length: 20 }, (_, p) => [
      `pl-${p}`,
      {
        name: `Playlist ${p}`,
        items: Array.from({ length: 100 }, (_, i) => ({
          type: 'image',
          src: `${origin}/media/${'m'.repeat(24)}${p}-${i}?v=9f2c4e1a0b3d5c6e`,
          durationMs: 10_000,
        })),
      },
    ]),
  );
  const busy = timeline({ kind: 'default', id: 'd', name: 'Default' }, { playlistIds: ['default'] });
  const busyAppData = {
    version: 4,
    items,
    timeline: {
      ...busy,
      playlists: { ...busy.playlists, ...busyPlaylists },
      rules: {
        ...busy.rules,
        schedules: Array.from({ length: 200 }, (_, i) => ({
          id: `s${String(i).padStart(3, '0')}`,
          name: `Daypart ${i}`,
          playlistId: `pl-${i % 20}`,
          priority: i % 100,
          startsOn: '2000-01-01',
          endsOn: '2000-01-02',
          days: null,
          from: '06:00',
          to: '11:00',
          timezone: null,
        })),
      },
    },
  };
  return [
    { name: 'no timeline (baseline)', appData: { version: 1, items } },
    {
      name: `timeline, busy screen (${Math.round(JSON.stringify(busyAppData).length / 1024)} KB)`,
      appData: busyAppData,
    },
    {
      name: 'timeline, default content',
      appData: {
        version: 2,
        items,
        timeline: timeline({ kind: 'default', id: 'd', name: 'Default' }, { playlistIds: ['default'] }),
      },
    },
    {
      name: 'timeline, override message',
      appData: {
        version: 3,
        items,
        timeline: timeline(
          { kind: 'override', id: 'o1', name: 'Notice' },
          { message: 'The building closes at 18:00 today', playlistIds: [] },
        ),
      },
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

type Cdp = Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>;

/** Seconds of renderer main-thread work since the session enabled the Performance domain. */
async function taskDuration(cdp: Cdp): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? NaN;
}

async function timerCallbacks(page: Page): Promise<number> {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/content/');
  return frame === undefined ? NaN : ((await frame.evaluate('window.__timerCallbacks')) as number);
}

async function measureOnce(browser: Browser, origin: string, appData: unknown, windowMs: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await context.route(/\/bench\/player\.html$/, (route) =>
      route.fulfill({ contentType: 'text/html', body: PLAYER_HTML }),
    );
    await context.addInitScript(COUNT_TIMERS);
    await context.addInitScript(`window.__appData = ${JSON.stringify(appData)};`);
    const page = await context.newPage();
    await page.goto(`${origin}/bench/player.html`);
    await page.frameLocator('#frame').locator('.layer.is-current, .message-screen, .idle-screen').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.waitForTimeout(3000); // first paint, fonts, the first polls
    const busyBefore = await taskDuration(cdp);
    const timersBefore = await timerCallbacks(page);
    await page.waitForTimeout(windowMs);
    const busy = (await taskDuration(cdp)) - busyBefore;
    const timers = (await timerCallbacks(page)) - timersBefore;
    return {
      busyMsPerSecond: (busy * 1000) / (windowMs / 1000),
      timersPerMinute: (timers * MINUTE) / windowMs,
    };
  } finally {
    await context.close();
  }
}

export async function measureIdleCpu(
  browser: Browser,
  origin: string,
  { runs = 3, windowMs = 30_000, log = (_line: string) => {} } = {},
): Promise<IdleFigures> {
  const cases = appDataCases(origin, Date.now());
  const samples = cases.map(() => ({ busy: [] as number[], timers: [] as number[] }));
  // One discarded run first: the first page of a browser pays for compiling and caching what the others reuse.
  await measureOnce(browser, origin, cases[0]!.appData, 5000);
  // Interleaved, so a busy neighbour on the machine weighs on every case alike.
  for (let run = 0; run < runs; run++) {
    for (const [index, { name, appData }] of cases.entries()) {
      const { busyMsPerSecond, timersPerMinute } = await measureOnce(browser, origin, appData, windowMs);
      samples[index]!.busy.push(busyMsPerSecond);
      samples[index]!.timers.push(timersPerMinute);
      log(
        `idle CPU, ${name}, run ${run + 1}: ${busyMsPerSecond.toFixed(2)} ms/s, ${timersPerMinute.toFixed(1)} timers/min`,
      );
    }
  }
  return {
    windowMs,
    runs,
    cases: cases.map(({ name }, index) => ({
      name,
      busyMsPerSecond: median(samples[index]!.busy),
      timerCallbacksPerMinute: median(samples[index]!.timers),
    })),
  };
}
