// The server as production runs it: apps/server/src/main.ts bundled by esbuild into one ES module,
// apps/server/dist/main.js, started by plain `node`. The workspace packages are TypeScript sources (their
// "exports" point at src/*.ts), so they must be bundled; the libraries are bundled too, because Node resolving and
// loading some 850 files of node_modules one by one is half of the start-up (1.5 s → 1.0 s to /healthz). A few stay
// imports resolved by Node at run time: see RUN_TIME_LIBRARIES.

import fs from 'node:fs';
import path from 'node:path';

/** The bundle's entry, relative to the server's folder. */
export const SERVER_ENTRY = 'src/main.ts';
/** What `npm start` runs, relative to the server's folder. */
export const SERVER_OUTPUT = 'dist/main.js';
/** Node 20 is the oldest runtime the server supports (package.json "engines"). */
const NODE_TARGET = 'node20';
/**
 * Libraries left to Node: better-sqlite3 loads its native addon by path; @fastify/swagger-ui serves the files of its
 * own folder; pino starts transports from worker files by path; pg-native is pg's optional native driver, absent.
 */
export const RUN_TIME_LIBRARIES = ['better-sqlite3', '@fastify/swagger-ui', 'pino', 'pg-native'];

/**
 * Bundled CommonJS libraries call require() (of Node's built-ins, of their JSON) and read __dirname; an ES module
 * has neither, so the bundle defines them first.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __marqueeCreateRequire } from 'node:module';",
  "import { fileURLToPath as __marqueeFileURLToPath } from 'node:url';",
  "import __marqueePath from 'node:path';",
  'const require = __marqueeCreateRequire(import.meta.url);',
  'const __filename = __marqueeFileURLToPath(import.meta.url);',
  'const __dirname = __marqueePath.dirname(__filename);',
].join('\n');

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
    external: RUN_TIME_LIBRARIES,
    banner: { js: COMMONJS_GLOBALS },
  });
  return Object.keys(result.metafile.inputs).map((input) => path.resolve(serverDir, input));
}
