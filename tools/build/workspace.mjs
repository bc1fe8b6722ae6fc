// The npm workspace as the build sees it: every workspace package by name, and the packages of ours an app or the
// server bundles (its `dependencies` on workspace packages, followed transitively), whose sources are therefore
// inputs of its build.

import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} WorkspacePackage
 * @property {string} name the package name (`@marquee/protocol`)
 * @property {string} dir its folder relative to the root, with forward slashes (`packages/protocol`)
 * @property {Record<string, string>} dependencies its `dependencies` field
 */

/** @param {string} file */
function readJson(file) {
  return /** @type {Record<string, unknown>} */ (JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * Every package of the workspace, by name. Patterns are folders or `folder/*` (what the root package.json uses).
 * @param {string} root
 * @returns {Map<string, WorkspacePackage>}
 */
export function readWorkspace(root) {
  const manifest = readJson(path.join(root, 'package.json'));
  const patterns = /** @type {string[]} */ (manifest.workspaces ?? []);
  /** @type {string[]} */
  const dirs = [];
  for (const pattern of patterns) {
    if (!pattern.endsWith('/*')) {
      dirs.push(pattern);
      continue;
    }
    const parent = pattern.slice(0, -2);
    if (!fs.existsSync(path.join(root, parent))) continue;
    for (const entry of fs.readdirSync(path.join(root, parent), { withFileTypes: true })) {
      if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
    }
  }
  /** @type {Map<string, WorkspacePackage>} */
  const packages = new Map();
  for (const dir of dirs.sort()) {
    const file = path.join(root, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const json = readJson(file);
    const name = String(json.name);
    packages.set(name, {
      name,
      dir,
      dependencies: /** @type {Record<string, string>} */ (json.dependencies ?? {}),
    });
  }
  return packages;
}

/**
 * The workspace packages `name` bundles: itself and its workspace `dependencies`, transitively, sorted by folder.
 * @param {Map<string, WorkspacePackage>} workspace
 * @param {string} name
 * @returns {WorkspacePackage[]}
 */
export function bundledPackages(workspace, name) {
  /** @type {Map<string, WorkspacePackage>} */
  const found = new Map();
  /** @param {string} current */
  const visit = (current) => {
    const pkg = workspace.get(current);
    if (pkg === undefined || found.has(current)) return;
    found.set(current, pkg);
    for (const dependency of Object.keys(pkg.dependencies)) visit(dependency);
  };
  visit(name);
  if (found.size === 0) throw new Error(`${name} is not a package of this workspace`);
  return [...found.values()].sort((a, b) => a.dir.localeCompare(b.dir));
}
