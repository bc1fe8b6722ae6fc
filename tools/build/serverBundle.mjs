// The server as production runs it: apps/server/src/main.ts bundled by esbuild into one ES module,
// apps/server/dist/main.js, started by plain `node`. The workspace packages are TypeScript sources (their
// "exports" point at src/*.ts), so they are bundled; every library from node_modules stays an import, resolved by
// Node at run time (better-sqlite3 is native; fastify, pino and the others load their own files by path).

import fs from 'node:fs';
import path from 'node:path';

/** The bundle's entry, relative to the server's folder. */
export const SERVER_ENTRY = 'src/main.ts';
/** What `npm start` runs, relative to the server's folder. */
export const SERVER_OUTPUT = 'dist/main.js';
/** Node 20 is the oldest runtime the server supports (package.json "engines"). */
const NODE_TARGET = 'node20';
/** Our packages are bundled; any other bare import is a library from node_modules. */
const WORKSPACE_SCOPE = '@marquee/';

/** @type {import('esbuild').Plugin} */
const libraryImportsStayExternal = {
  name: 'library-imports-stay-external',
  setup(build) {
    // A bare specifier: neither relative nor absolute.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the server in `serverDir` (absolute) into dist/main.js, with a source map beside it.
 * @param {string} serverDir
 * @returns {Promise<string[]>} the absolute paths of the source files the bundle holds
 */
export async function bundleServer(serverDir) {
  const esbuild = await import('esbuild');
  const outDir = path.join(serverDir, 'dist');
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: serverDir,
    entryPoints: [path.join(serverDir, SERVER_ENTRY)],
    outfile: path.join(serverDir, SERVER_OUTPUT),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    // Readable stack traces in production logs: names kept, not minified; the map maps them to the sources.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [libraryImportsStayExternal],
  });
  return Object.keys(result.metafile.inputs).map((input) => path.resolve(serverDir, input));
}
