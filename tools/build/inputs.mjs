// What a build reads, as a content hash: the files of the target's folder, of every workspace package it bundles,
// of tools/ (the build itself and the Vite plugins), and the root files that decide what node_modules holds and how
// TypeScript is read. Tests, test harnesses and earlier outputs are left out: no build reads them (a build that
// did would be caught by checkCovered after it ran).

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Root files every build depends on: the lockfile pins every library a bundle contains or imports. */
export const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json'];
/** Folders every build depends on: the build scripts and the Vite plugins the apps' configs import. */
export const SHARED_INPUT_DIRS = ['tools'];

/** Folders never read by a build: outputs, dependencies, tests and their harnesses. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-types', 'coverage', 'test', 'test-results']);
/** Files never read by a build: tests, test configuration, TypeScript's incremental state. */
const SKIPPED_FILE = /(\.test\.[cm]?[jt]sx?|^vitest\.config\.[cm]?[jt]s|\.tsbuildinfo)$/;

/**
 * @typedef {object} Fingerprint
 * @property {string} hash one hash over every input's path and content
 * @property {Record<string, string>} files every input (relative to the root, forward slashes) and its hash
 */

/**
 * The input files below `dir` (relative to `root`), as root-relative paths with forward slashes.
 * @param {string} root
 * @param {string} dir
 * @returns {string[]}
 */
function filesBelow(root, dir) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} relative */
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
        files.push(child);
      }
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return files;
}

/**
 * The inputs of a build that bundles the packages in `dirs` (relative to `root`).
 * @param {string} root
 * @param {string[]} dirs
 * @param {Map<string, string[]>} [walked] folders already listed in this run (the targets share packages)
 * @returns {string[]} sorted, root-relative, forward slashes
 */
export function inputFiles(root, dirs, walked = new Map()) {
  const files = new Set(ROOT_INPUTS.filter((file) => fs.existsSync(path.join(root, file))));
  for (const dir of [...dirs, ...SHARED_INPUT_DIRS]) {
    let below = walked.get(dir);
    if (below === undefined) walked.set(dir, (below = filesBelow(root, dir)));
    for (const file of below) files.add(file);
  }
  return [...files].sort();
}

/**
 * Hashes `files` (root-relative) by content.
 * @param {string} root
 * @param {string[]} files
 * @param {Map<string, string>} [hashed] files already hashed in this run (the targets share packages)
 * @returns {Fingerprint}
 */
export function fingerprint(root, files, hashed = new Map()) {
  /** @type {Record<string, string>} */
  const hashes = {};
  const total = crypto.createHash('sha256');
  for (const file of [...files].sort()) {
    let hash = hashed.get(file);
    if (hash === undefined) {
      hash = crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest('hex');
      hashed.set(file, hash);
    }
    hashes[file] = hash;
    total.update(`${file}\0${hash}\n`);
  }
  return { hash: total.digest('hex'), files: hashes };
}

/**
 * The inputs that differ between two fingerprints: added, removed or changed, sorted.
 * @param {Record<string, string>} before
 * @param {Record<string, string>} after
 * @returns {string[]}
 */
export function changedFiles(before, after) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((file) => before[file] !== after[file]).sort();
}

/**
 * Throws when the build read a file of the repository that is not among its inputs (its changes would not
 * trigger a rebuild): a workspace package used but not declared in `dependencies`, most likely.
 * @param {string} root
 * @param {string} target
 * @param {Iterable<string>} readFiles absolute or root-relative paths the build read
 * @param {Record<string, string>} inputs
 */
export function checkCovered(root, target, readFiles, inputs) {
  const uncovered = new Set();
  for (const file of readFiles) {
    const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
    if (relative.startsWith('../') || relative.split('/').includes('node_modules')) continue;
    if (!(relative in inputs)) uncovered.add(relative);
  }
  if (uncovered.size > 0) {
    throw new Error(
      `${target} read files that are not among its build inputs, so changing them would not rebuild it: ` +
        `${[...uncovered].sort().join(', ')}. Declare the workspace package they belong to in its ` +
        'package.json "dependencies".',
    );
  }
}
