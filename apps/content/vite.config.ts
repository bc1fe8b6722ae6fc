import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/content/';
const TARGET = 'chrome86';

/**
 * Builds src/sw/serviceWorker.ts into dist/service-worker.js once the app is built: one classic script (no module
 * workers before Chrome 91) that precaches every file of the app build except index.html, which is served with
 * the runtime configuration and fetched network-first instead.
 */
function serviceWorker(): Plugin {
  let files: string[] = [];
  return {
    name: 'marquee-content-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      files = Object.keys(bundle).filter((name) => name !== 'index.html' && !name.endsWith('.map'));
    },
    async closeBundle() {
      const manifest = files.sort().map((name) => ({
        url: `${BASE}${name}`,
        // Hashed names carry their revision; anything else is revalidated by build time.
        revision: name.startsWith('assets/') ? null : String(Date.now()),
      }));
      await build({
        configFile: false,
        logLevel: 'warn',
        define: {
          __PRECACHE_MANIFEST__: JSON.stringify(manifest),
          __BASE__: JSON.stringify(BASE),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          target: TARGET,
          outDir: path.join(here, 'dist'),
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          lib: {
            entry: path.join(here, 'src/sw/serviceWorker.ts'),
            formats: ['iife'],
            name: 'marqueeContentServiceWorker',
            fileName: () => 'service-worker.js',
          },
        },
      });
    },
  };
}

export default defineConfig({
  base: BASE,
  plugins: [react(), serviceWorker()],
  build: { outDir: 'dist', emptyOutDir: true, target: TARGET },
});
