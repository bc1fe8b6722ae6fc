// Runs every test (docs/testing.md §Layout) in two phases. First two Vitest processes side by side: every project
// but e2e and cluster (Vitest's default on two cores is one worker, so one file at a time), and the e2e files (one
// at a time, by their project's config). Run one after the other, the browser journeys took 23 of the 40 minutes
// and left the cores 70-98 % idle: they wait on Chromium, on the server and on real minutes. Then the cluster
// suite alone: each of its files starts a whole cluster. Output lines are prefixed with their stream; the run
// fails when any stream fails, and names it.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

/** Phases run one after the other; the streams of a phase side by side. @type {Stream[][]} */
const phases = [
  [
    // One negated project only: Vitest keeps a project that any of several negations lets through.
    { name: 'units', args: [...vitest, '--project', '!e2e'] },
    { name: 'e2e', args: [...vitest, '--project', 'e2e'] },
  ],
  [{ name: 'cluster', args: [...vitest, '--root', 'cluster'] }],
];

/** @typedef {{ name: string, args: string[] }} Stream */

/**
 * Runs one Vitest command with its output prefixed; resolves with its exit code.
 * @param {string} name
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function runStep(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `${name.padEnd(7)} │ `;
    createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${prefix}${line}\n`));
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start Vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
/** @type {Array<Stream & { code: number }>} */
const failed = [];
for (const phase of phases) {
  const results = await Promise.all(
    phase.map(async (stream) => ({ ...stream, code: await runStep(stream.name, stream.args) })),
  );
  failed.push(...results.filter((result) => result.code !== 0));
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
for (const stream of failed) {
  process.stderr.write(
    `\ntests: ${stream.name} failed (vitest ${stream.args.slice(1).join(' ')}: exit ${stream.code})\n`,
  );
}
process.stdout.write(
  `\ntests: ${failed.length === 0 ? 'every project passed' : 'FAILED'} in ${minutes} min\n`,
);
process.exit(failed.length === 0 ? 0 : 1);
