// `npm run bench:plays`: proof-of-play ingest and summaries on SQLite (docs/proof-of-play.md §Benchmark). Seeds an
// organisation with 1,000 paired players and the rollups of 10 million plays (seed.ts), starts a real server in a
// child process on that data (the TypeScript sources through tsx), lets the 1,000 simulated players upload their
// batches concurrently over HTTP (uploaders.ts), then times summaries over the 10 million plays through the API.
// The same play rows are then inserted straight into a fresh SQLite file (floor.ts): the floor, and the ratio.
// Prints the table, writes the JSON to bench/results. Budgets are reported, never enforced.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK, REPO_ROOT, freePort, startProcess, waitForPort } from '@marquee/testbed';
import { percentile } from '../realtime/stats';
import { insertFloor } from './floor';
import { benchPlays } from './records';
import { formatPlaysTable, playsRows } from './report';
import { ROLLUP_FROM, seedPlays } from './seed';
import { uploadAll } from './uploaders';

const PLAYERS = Number(process.env.BENCH_PLAYS_PLAYERS ?? 1000);
const BATCHES = Number(process.env.BENCH_PLAYS_BATCHES ?? 3);
const BATCH_SIZE = Number(process.env.BENCH_PLAYS_BATCH_SIZE ?? 200);
const SUMMARY_RUNS = 5;
/** Node options for the server process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/profile' to see where its time goes. */
const SERVER_NODE_ARGS = (process.env.BENCH_PLAYS_SERVER_NODE_ARGS ?? '')
  .split(' ')
  .filter((arg) => arg !== '');
/** What the benchmark reads of a summary (the API's PlaySummary). */
interface SummaryAnswer {
  rows: { plays: number }[];
}

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-plays-bench-'));
const log = (text: string) => console.log(`[bench:plays] ${text}`);

async function main() {
  log(`seeding ${PLAYERS} paired players and the rollups of 10 million plays…`);
  const seed = await seedPlays(dataDir, PLAYERS);
  log(`seeded in ${seed.seconds.toFixed(1)} s (${seed.rollupRows.toLocaleString('en')} rollup rows)`);

  const port = await freePort();
  const origin = `http://${LOOPBACK}:${port}`;
  const server = startProcess(
    'server',
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        MARQUEE_HOST: LOOPBACK,
        MARQUEE_PUBLIC_URL: origin,
        MARQUEE_DATA_DIR: dataDir,
        MARQUEE_LOG_LEVEL: 'warn',
      },
    },
  );
  try {
    await waitForPort(port, 60_000, 'the server');
    // Plays of the last two days: well inside the raw retention, none in the future.
    const base = Date.now() - 2 * 24 * 3_600_000;
    log(`${PLAYERS} players upload ${BATCHES} batches of ${BATCH_SIZE} plays each, all at once…`);
    const upload = await uploadAll(origin, seed.players, BATCHES, BATCH_SIZE, base);
    const expected = PLAYERS * BATCHES * BATCH_SIZE;
    if (upload.acknowledged !== expected || upload.failedRequests > 0 || upload.rejected > 0) {
      throw new Error(
        `acknowledged ${upload.acknowledged} of ${expected}; ${upload.failedRequests} failed requests, ` +
          `${upload.rejected} rejected records`,
      );
    }

    const to = new Date(ROLLUP_FROM + 86_400_000).toISOString().slice(0, 10);
    const from = new Date(ROLLUP_FROM).toISOString().slice(0, 10);
    const summaries = [];
    for (const groupBy of ['item', 'day,item', 'screen', 'hour']) {
      const times: number[] = [];
      let plays = 0;
      for (let run = 0; run < SUMMARY_RUNS; run++) {
        const started = performance.now();
        const response = await fetch(
          `${origin}/api/v1/plays/summary?from=${from}&to=${to}&groupBy=${groupBy}`,
          {
            headers: { authorization: `Bearer ${seed.operatorToken}` },
          },
        );
        const body = (await response.json()) as SummaryAnswer;
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`summary by ${groupBy}: ${response.status}`);
        plays = body.rows.reduce((sum, row) => sum + row.plays, 0);
      }
      if (plays !== seed.rollupPlays)
        throw new Error(`summary by ${groupBy} counted ${plays} of ${seed.rollupPlays}`);
      summaries.push({
        label: `by ${groupBy} (${(plays / 1e6).toFixed(2)} M plays)`,
        medianMs: percentile(times, 50),
        maxMs: Math.max(...times),
      });
    }
    await server.stop('SIGTERM', 10_000);

    log('raw insert floor: the same rows straight into SQLite…');
    const screenIds = seed.players.map((player) => player.screenId);
    const floor = await insertFloor(
      (function* () {
        for (let batch = 0; batch < BATCHES; batch++) {
          for (let index = 0; index < PLAYERS; index++) {
            yield { screenId: screenIds[index]!, plays: benchPlays(index, batch, BATCH_SIZE, base) };
          }
        }
      })(),
    );

    const rows = playsRows({
      acknowledgedPerSecond: upload.acknowledged / upload.seconds,
      floorPerSecond: floor.records / floor.seconds,
      summaries,
    });
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      players: PLAYERS,
      batches: BATCHES,
      batchSize: BATCH_SIZE,
      upload: {
        acknowledged: upload.acknowledged,
        requests: upload.requests,
        seconds: upload.seconds,
        latencyMs: { p50: percentile(upload.latencies, 50), p95: percentile(upload.latencies, 95) },
      },
      floor,
      rollups: { rows: seed.rollupRows, plays: seed.rollupPlays },
      figures: rows,
    };
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `plays-${result.at.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `\nMarquee proof-of-play benchmark: SQLite, ${PLAYERS.toLocaleString('en')} players x ${BATCHES} batches x ` +
        `${BATCH_SIZE} plays (${expected.toLocaleString('en')} records in ${upload.seconds.toFixed(1)} s, ` +
        `p50 ${result.upload.latencyMs.p50.toFixed(0)} ms, p95 ${result.upload.latencyMs.p95.toFixed(0)} ms per ` +
        `batch); summaries over ${seed.rollupPlays.toLocaleString('en')} plays in ` +
        `${seed.rollupRows.toLocaleString('en')} rollup rows, ${SUMMARY_RUNS} runs each; Node ${process.version}\n`,
    );
    console.log(formatPlaysTable(rows));
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    if (!server.hasExited()) await server.stop('SIGTERM', 10_000);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
