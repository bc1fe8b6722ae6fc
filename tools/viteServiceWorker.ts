// The players' and the content app's service workers are built the same way: after the app's own build, their
// `src/sw/serviceWorker.ts` becomes one classic script `dist/service-worker.js` (module workers need Chrome 91, the
// players must run on 86), given the list of files the app build produced.
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** The oldest browser the players must run on (docs/decisions.md, "Chrome 86"). */
export const BROWSER_TARGET = 'chrome86';

export interface ServiceWorkerOptions {
  /** The app's folder (the one holding src/ and dist/). */
  appDir: string;
  /** A name for the plugin and the worker's global. */
  name: string;
  /** Compile-time constants for the worker, from the app build's file names (sorted, no source maps). */
  define?: (files: string[]) => Record<string, string>;
}

export function serviceWorkerPlugin({ appDir, name, define }: ServiceWorkerOptions): Plugin {
  let files: string[] = [];
  return {
    name: `marquee-${name}-service-worker`,
    apply: 'build',
    generateBundle(_options, bundle) {
      files = Object.keys(bundle)
        .filter((file) => !file.endsWith('.map'))
        .sort();
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...define?.(files) },
        build: {
          outDir: path.join(appDir, 'dist'),
          emptyOutDir: false,
          target: BROWSER_TARGET,
          copyPublicDir: false,
          minify: true,
          lib: {
            entry: path.join(appDir, 'src/sw/serviceWorker.ts'),
            formats: ['iife'],
            name: `marquee${name[0]?.toUpperCase() ?? ''}${name.slice(1)}ServiceWorker`,
            fileName: () => 'service-worker.js',
          },
        },
      });
    },
  };
}

/**
 * The defines of a worker that precaches every file of its app's build served under `base` except index.html,
 * which is served with the runtime configuration and fetched network-first instead (apps/content, apps/meet).
 */
export function precacheDefines(base: string): (files: string[]) => Record<string, string> {
  return (files) => ({
    __PRECACHE_MANIFEST__: JSON.stringify(
      files
        // Pages (index.html, pair/index.html) carry the runtime configuration: the worker keeps them as they load.
        .filter((file) => !file.endsWith('index.html'))
        .map((file) => ({
          url: `${base}${file}`,
          // Hashed names carry their revision; anything else is revalidated by build time.
          revision: file.startsWith('assets/') ? null : String(Date.now()),
        })),
    ),
    __BASE__: JSON.stringify(base),
  });
}
