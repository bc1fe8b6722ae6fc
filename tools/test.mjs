// Runs every test (docs/testing.md §Running the tests) in two Vitest processes side by side, because the machine
// has two cores and the browser journeys barely use one: alone, the e2e files left the cores 70–98 % idle for
// 27 of a 45-minute run (they wait on Chromium, on real timers and on the server), while the other projects keep
// one worker busy. So one stream runs every project but e2e and then the cluster suite (each of its files a whole
// cluster, alone), the other the e2e files one at a time. Each line of output is prefixed with its stream; the
// run fails when either stream fails, and says which.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

/** Phases run one after the other; the streams of a phase side by side. */
const phases = [
  [
    { name: 'units', args: [...vitest, '--project', '!cluster', '--project', '!e2e'] },
    { name: 'e2e', args: [...vitest, '--project', 'e2e'] },
  ],
  [{ name: 'cluster', args: [...vitest, '--project', 'cluster'] }],
];

/** Runs one Vitest command with its output prefixed; resolves with its exit code. */
function runStep(name, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const prefix = `${name.padEnd(7)} │ `;
    for (const [input, output] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input }).on('line', (line) => output.write(`${prefix}${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start Vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const failed = [];
for (const phase of phases) {
  const codes = await Promise.all(phase.map((stream) => runStep(stream.name, stream.args)));
  phase.forEach((stream, index) => {
    if (codes[index] !== 0) failed.push({ ...stream, code: codes[index] });
  });
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
