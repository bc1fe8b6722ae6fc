// What `npm run build` builds: the server (esbuild) and every front end under apps/ that has a vite.config.ts.
// Each target's inputs are fingerprinted; the fingerprint of its last successful build is stored beside its
// output (dist/.build-stamp.json, which the server never serves: dot files are denied), so a target whose inputs
// did not change is not built again.

import fs from 'node:fs';
import path from 'node:path';
import { changedFiles, fingerprint, inputFiles } from './inputs.mjs';
import { SERVER_OUTPUT } from './serverBundle.mjs';
import { APP_OUTPUT } from './viteApp.mjs';
import { bundledPackages, readWorkspace } from './workspace.mjs';

export const SERVER_DIR = 'apps/server';
export const STAMP_FILE = 'dist/.build-stamp.json';
/** How many changed inputs a message names before it says how many more. */
const NAMED_CHANGES = 3;

/**
 * @typedef {object} Target
 * @property {string} name the folder's name: `server`, `player`, `studio`…
 * @property {string} dir root-relative folder (`apps/player`)
 * @property {'server' | 'vite'} kind
 * @property {string} output root-relative file whose presence says it is built
 * @property {string[]} inputs root-relative files its build reads
 */

/**
 * @typedef {object} TargetState
 * @property {Target} target
 * @property {import('./inputs.mjs').Fingerprint} fingerprint its inputs now
 * @property {string | null} reason why it must be built; null when it is up to date
 */

/**
 * Every target of the workspace at `root`, the server first.
 * @param {string} root
 * @returns {Target[]}
 */
export function listTargets(root) {
  const workspace = readWorkspace(root);
  /** @type {Map<string, string[]>} */
  const walked = new Map();
  /** @type {Target[]} */
  const targets = [];
  for (const pkg of workspace.values()) {
    if (!pkg.dir.startsWith('apps/')) continue;
    const isServer = pkg.dir === SERVER_DIR;
    if (!isServer && !fs.existsSync(path.join(root, pkg.dir, 'vite.config.ts'))) continue;
    const dirs = bundledPackages(workspace, pkg.name).map((bundled) => bundled.dir);
    targets.push({
      name: path.basename(pkg.dir),
      dir: pkg.dir,
      kind: isServer ? 'server' : 'vite',
      output: `${pkg.dir}/${isServer ? SERVER_OUTPUT : APP_OUTPUT}`,
      inputs: inputFiles(root, dirs, walked),
    });
  }
  return targets.sort((a, b) => Number(b.kind === 'server') - Number(a.kind === 'server'));
}

/**
 * The targets named `names` (all when empty); throws naming an unknown one.
 * @param {Target[]} targets
 * @param {string[]} names
 */
export function selectTargets(targets, names) {
  if (names.length === 0) return targets;
  const unknown = names.filter((name) => !targets.some((target) => target.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown build target ${unknown.join(', ')} (targets: ${targets.map((t) => t.name).join(', ')})`,
    );
  }
  return targets.filter((target) => names.includes(target.name));
}

/**
 * @param {string} root
 * @param {Target} target
 * @returns {{ hash: string, files: Record<string, string> } | null}
 */
function readStamp(root, target) {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, target.dir, STAMP_FILE), 'utf8'));
    return typeof stamp?.hash === 'string' && typeof stamp.files === 'object' ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Records that `target` was built from `print` (after a successful build only).
 * @param {string} root
 * @param {Target} target
 * @param {import('./inputs.mjs').Fingerprint} print
 */
export function writeStamp(root, target, print) {
  fs.writeFileSync(path.join(root, target.dir, STAMP_FILE), `${JSON.stringify(print, null, 1)}\n`);
}

/**
 * Whether `target` must be built, and why.
 * @param {string} root
 * @param {Target} target
 * @param {Map<string, string>} [hashed] files already hashed in this run
 * @returns {TargetState}
 */
export function targetState(root, target, hashed) {
  const print = fingerprint(root, target.inputs, hashed);
  if (!fs.existsSync(path.join(root, target.output))) {
    return { target, fingerprint: print, reason: `${target.output} does not exist` };
  }
  const stamp = readStamp(root, target);
  if (stamp === null) {
    return { target, fingerprint: print, reason: `${target.dir}/${STAMP_FILE} does not exist` };
  }
  if (stamp.hash === print.hash) return { target, fingerprint: print, reason: null };
  const changed = changedFiles(stamp.files, print.files);
  const named = changed.slice(0, NAMED_CHANGES).join(', ');
  const more = changed.length > NAMED_CHANGES ? ` and ${changed.length - NAMED_CHANGES} more` : '';
  return { target, fingerprint: print, reason: `changed since its build: ${named}${more}` };
}
