// Builds the targets whose inputs changed (or checks them without building), one after the other, and records
// each successful build's input fingerprint. A failed build leaves no stamp, so the next run builds it again.

import path from 'node:path';
import { checkCovered } from './inputs.mjs';
import { bundleServer } from './serverBundle.mjs';
import { listTargets, selectTargets, targetState, writeStamp } from './targets.mjs';
import { buildViteApp } from './viteApp.mjs';

/**
 * @typedef {object} RunOptions
 * @property {string} root the repository
 * @property {string[]} [names] targets to consider; all when empty
 * @property {boolean} [force] build even those that are up to date
 * @property {(line: string) => void} [log]
 */

/**
 * The targets that must be built, each with the reason.
 * @param {RunOptions} options
 * @returns {import('./targets.mjs').TargetState[]}
 */
export function staleTargets(options) {
  /** @type {Map<string, string>} */
  const hashed = new Map();
  return selectTargets(listTargets(options.root), options.names ?? [])
    .map((target) => targetState(options.root, target, hashed))
    .filter((state) => state.reason !== null);
}

/**
 * @param {string} root
 * @param {import('./targets.mjs').Target} target
 * @returns {Promise<string[]>} the files the build read
 */
function buildTarget(root, target) {
  const dir = path.join(root, target.dir);
  return target.kind === 'server' ? bundleServer(dir) : buildViteApp(dir);
}

/**
 * Builds what is needed; resolves with the names of the targets it built. A target that fails does not stop the
 * others; the failures are thrown together at the end.
 * @param {RunOptions} options
 * @returns {Promise<string[]>}
 */
export async function buildTargets(options) {
  const { root, log = () => {} } = options;
  const started = performance.now();
  const targets = selectTargets(listTargets(root), options.names ?? []);
  /** @type {string[]} */
  const built = [];
  /** @type {string[]} */
  const failures = [];
  /** @type {Map<string, string>} */
  const hashed = new Map();
  for (const target of targets) {
    const state = targetState(root, target, hashed);
    const reason = options.force === true ? 'forced' : state.reason;
    if (reason === null) continue;
    log(`building ${target.name} (${reason})`);
    const targetStarted = performance.now();
    try {
      const read = await buildTarget(root, target);
      checkCovered(root, target.dir, read, state.fingerprint.files);
    } catch (error) {
      failures.push(`${target.name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    // The fingerprint taken before the build: a source edited during it makes the next run build again.
    writeStamp(root, target, state.fingerprint);
    built.push(target.name);
    log(`built ${target.name} in ${((performance.now() - targetStarted) / 1000).toFixed(1)} s`);
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
  if (built.length === 0) {
    log(
      `up to date: ${targets.map((target) => target.name).join(', ')} (${Math.round(performance.now() - started)} ms)`,
    );
  }
  return built;
}
