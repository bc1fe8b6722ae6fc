// Tests and benchmarks run what `npm run build` made: the compiled server and the built front ends. Before the
// first start they ask the build (tools/build.mjs --check) whether those are built from the sources as they are
// now, and stop with its answer (what is missing or changed, and the command to run) rather than test old code.

import path from 'node:path';
import { startProcess } from './childProcess';
import { REPO_ROOT } from './repo';

/** Build targets: 'server' and the apps' folder names ('player', 'studio'…). */
export type BuildTarget = string;

/** Targets found up to date in this process, per checkout: they are checked once. */
const upToDate = new Set<string>();

/**
 * Resolves once every target in `targets` is built from the current sources; rejects with the build's message
 * naming what is not. `root` is the checkout (default: this one).
 */
export async function assertBuilt(targets: readonly BuildTarget[], root = REPO_ROOT): Promise<void> {
  const unchecked = targets.filter((target) => !upToDate.has(`${root}\0${target}`));
  if (unchecked.length === 0) return;
  const check = startProcess('build check', process.execPath, [
    path.join(root, 'tools/build.mjs'),
    '--check',
    ...unchecked,
  ]);
  const code = await check.exited;
  if (code !== 0) throw new Error(`Not built from the current sources:\n${check.output().trim()}`);
  for (const target of unchecked) upToDate.add(`${root}\0${target}`);
}
