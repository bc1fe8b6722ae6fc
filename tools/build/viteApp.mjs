// A front end built by Vite with its own vite.config.ts, as `vite build` in its folder would, but in this process:
// the apps are built one after the other by one loaded Vite instead of one `npm run build` (and one Vite start)
// each.

import path from 'node:path';

/** The file whose presence says the app is built (what the server serves at the app's root). */
export const APP_OUTPUT = 'dist/index.html';

/**
 * Builds the app in `appDir` (absolute) into its dist/.
 * @param {string} appDir
 * @returns {Promise<string[]>} the absolute paths of the source files the build bundled
 */
export async function buildViteApp(appDir) {
  const { build } = await import('vite');
  const result = await build({
    root: appDir,
    configFile: path.join(appDir, 'vite.config.ts'),
    logLevel: 'warn',
  });
  const outputs = Array.isArray(result) ? result : [result];
  /** @type {Set<string>} */
  const read = new Set();
  for (const output of outputs) {
    if (!('output' in output)) continue;
    for (const chunk of output.output) {
      if (chunk.type !== 'chunk') continue;
      for (const id of chunk.moduleIds) {
        // Virtual modules (\0…) are Vite's own; queries (?url, ?worker…) name the file before them.
        if (id.startsWith('\0')) continue;
        const file = id.split('?')[0] ?? id;
        if (path.isAbsolute(file)) read.add(file);
      }
    }
  }
  return [...read];
}
