// `npm run bench:timeline`: resolves one screen's 7-day timeline from 1,000 schedules (benchRules.ts) many times
// in this process and reports the median and p95 beside the Intl baseline measured in the same run
// (intlBaseline.ts), as a ratio, plus the first call (cold zone caches, code not yet optimised). The runs of the
// engine and the baseline alternate, so a busy machine slows both. Prints the table, writes the JSON to
// bench/results. The budget is reported, never enforced: the exit code is 0 unless the benchmark itself failed.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveTimeline } from '@marquee/timeline';
import { percentile } from '../realtime/stats';
import { benchRules } from './benchRules';
import { intlBaseline } from './intlBaseline';
import { formatTimelineTable, timelineRows } from './report';

const SCHEDULES = Number(process.env.BENCH_TIMELINE_SCHEDULES ?? 1000);
const RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? 200);
const WARM_UP_RUNS = 20;
/** A week over Europe's spring-forward change (Sunday 2026-03-29). */
const FROM = Date.parse('2026-03-26T00:00:00Z');
const TO = FROM + 7 * 86_400_000;
const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

const time = (work: () => unknown): number => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

const rules = benchRules(SCHEDULES, FROM);
const cold = time(() => resolveTimeline(rules, FROM, TO));
const segments = resolveTimeline(rules, FROM, TO).length;
const baseline = intlBaseline(rules, FROM, TO);
for (let i = 0; i < WARM_UP_RUNS; i++) {
  resolveTimeline(rules, FROM, TO);
  baseline.run();
}
const engineMs: number[] = [];
const baselineMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  engineMs.push(time(() => resolveTimeline(rules, FROM, TO)));
  baselineMs.push(time(() => baseline.run()));
}

const rows = timelineRows({
  medianMs: percentile(engineMs, 50),
  p95Ms: percentile(engineMs, 95),
  baselineMedianMs: percentile(baselineMs, 50),
  baselineP95Ms: percentile(baselineMs, 95),
  coldMs: cold,
});
const result = {
  at: new Date().toISOString(),
  node: process.version,
  schedules: SCHEDULES,
  runs: RUNS,
  range: { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString(), zone: rules.timezone },
  segments,
  boundaries: baseline.boundaries,
  method: {
    timeline: 'resolveTimeline(rules, from, to) on the same rules object, after the first call and a warm-up',
    baseline:
      'one Intl.DateTimeFormat#formatToParts per window boundary (start and end of every occurrence overlapping ' +
      'the week), formatters built beforehand: the least a timeline engine without a zone cache spends in Intl',
  },
  figures: rows,
};
fs.mkdirSync(RESULTS, { recursive: true });
const file = path.join(RESULTS, `timeline-${result.at.replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

console.log(
  `\nMarquee timeline benchmark: ${SCHEDULES.toLocaleString('en')} schedules, one screen, 7 days ` +
    `(${segments.toLocaleString('en')} segments, ${baseline.boundaries.toLocaleString('en')} window boundaries), ` +
    `${RUNS} runs, Node ${process.version}\n`,
);
console.log(formatTimelineTable(rows));
console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
