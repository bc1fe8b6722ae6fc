// The workspace's layering, enforced by `npm run lint` (docs/architecture.md §Layering):
// - packages never import apps, bench, cluster or e2e; @marquee/protocol imports nothing of ours;
// - @marquee/timeline imports @marquee/protocol only (it ends up in the player bundle);
// - apps never import each other;
// - across workspaces only a package's public entry (`@marquee/x`), never a path into its files;
// - browser code (the src/ of every package and app but testbed and the server) imports no Node built-in.
// Build configuration (vite.config.ts, vitest.config.ts) may use the repository's tools/ by path.

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GROUPED = new Set(['apps', 'packages']);
const SINGLE = new Set(['bench', 'cluster', 'e2e', 'tools']);
const NODE_ONLY = new Set(['packages/testbed', 'apps/server']);
const BUILTINS = new Set(builtinModules);
/** Workspaces that may import only the listed workspaces of ours. */
const ONLY_IMPORTS = new Map([['packages/timeline', ['packages/protocol']]]);
const CONFIG_FILE = /(^|\/)(vite|vitest)\.config\.[cm]?[jt]s$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The workspace a path lies in ('apps/server', 'packages/protocol', 'bench' …), or null outside every workspace.
 * @param {string} absolute
 * @returns {string | null}
 */
export function workspaceOf(absolute) {
  const segments = path.relative(ROOT, absolute).split(path.sep);
  const [first, second] = segments;
  if (first === undefined || first === '..') return null;
  if (GROUPED.has(first) && second !== undefined && segments.length > 2) return `${first}/${second}`;
  if (SINGLE.has(first) && segments.length > 1) return first;
  return null;
}

/** @returns {Map<string, string>} package name → workspace folder */
function packageNames() {
  const names = new Map();
  for (const group of GROUPED) {
    for (const entry of fs.readdirSync(path.join(ROOT, group))) {
      const manifest = path.join(ROOT, group, entry, 'package.json');
      if (fs.existsSync(manifest))
        names.set(JSON.parse(fs.readFileSync(manifest, 'utf8')).name, `${group}/${entry}`);
    }
  }
  for (const single of SINGLE) {
    const manifest = path.join(ROOT, single, 'package.json');
    if (fs.existsSync(manifest)) names.set(JSON.parse(fs.readFileSync(manifest, 'utf8')).name, single);
  }
  return names;
}

const NAMES = packageNames();

/** @param {string} name @returns {Set<string>} the subpaths ('./access') a package declares public in `exports` */
function exportedSubpaths(name) {
  const folder = NAMES.get(name);
  if (folder === undefined) return new Set();
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
  const exports = typeof manifest.exports === 'object' && manifest.exports !== null ? manifest.exports : {};
  return new Set(Object.keys(exports).filter((key) => key !== '.'));
}

/** @param {string} folder @returns {string} the package name of a workspace folder */
function nameOf(folder) {
  return [...NAMES].find(([, workspace]) => workspace === folder)?.[0] ?? folder;
}

/**
 * Why `from` may not depend on `to` (both workspaces), or null when it may.
 * @param {string} from
 * @param {string} to
 * @returns {string | null}
 */
export function layeringViolation(from, to) {
  if (from === to) return null;
  const [fromGroup] = from.split('/');
  const [toGroup] = to.split('/');
  if (from === 'packages/protocol') return '@marquee/protocol depends on nothing of ours';
  const only = ONLY_IMPORTS.get(from);
  if (only !== undefined && !only.includes(to))
    return `${nameOf(from)} imports only ${only.map(nameOf).join(', ')}`;
  if (fromGroup === 'packages' && toGroup !== 'packages') return `packages never import ${to}`;
  if (fromGroup === 'apps' && toGroup === 'apps') return 'apps never import each other';
  if (fromGroup === 'apps' && (to === 'bench' || to === 'cluster' || to === 'e2e'))
    return `apps never import ${to}`;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the workspace layering (docs/architecture.md §Layering)' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const from = workspaceOf(filename);
    if (from === null) return {};
    const relativeFile = path.relative(path.join(ROOT, from), filename).split(path.sep).join('/');
    const browserCode =
      !NODE_ONLY.has(from) &&
      (from.startsWith('packages/') || from.startsWith('apps/')) &&
      relativeFile.startsWith('src/') &&
      !TEST_FILE.test(relativeFile);

    /** @param {import('estree').Node} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== 'string' || from === null) return;
      if (browserCode && (source.startsWith('node:') || BUILTINS.has(source.split('/')[0] ?? ''))) {
        context.report({ node, message: `'${source}' is a Node built-in; ${from}/src runs in the browser` });
        return;
      }
      /** @type {string | null | undefined} */
      let to;
      if (source.startsWith('.')) {
        to = workspaceOf(path.resolve(path.dirname(filename), source));
        if (to === null || to === from) return;
        if (to === 'tools' && CONFIG_FILE.test(relativeFile)) return;
        const entry = [...NAMES].find(([, folder]) => folder === to)?.[0];
        context.report({
          node,
          message: `'${source}' reaches into ${to} by path: import ${entry ?? 'its public entry'} instead`,
        });
        return;
      }
      const match = /^(@marquee\/[^/]+)(\/.*)?$/.exec(source);
      if (match === null) return;
      to = NAMES.get(match[1] ?? '');
      if (to === undefined) return;
      // A subpath the package exports is one of its public entries (e.g. a zod-free module the studio bundles).
      if (match[2] !== undefined && !exportedSubpaths(match[1] ?? '').has(`.${match[2]}`)) {
        context.report({ node, message: `'${source}' is a path into ${match[1]}: import its public entry` });
        return;
      }
      const why = layeringViolation(from, to);
      if (why !== null) context.report({ node, message: `'${source}': ${why}` });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    };
  },
};

export default { rules: { layering: layeringRule } };
