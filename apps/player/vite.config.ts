import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET = 'chrome86';

/**
 * Builds src/sw/serviceWorker.ts into dist/service-worker.js after the app: one classic script (module workers
 * need Chrome 91) with the list of the build's files, so the player shell starts offline.
 */
function serviceWorker(): Plugin {
  let files: string[] = [];
  return {
    name: 'marquee-player-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      files = Object.keys(bundle).filter((name) => !name.endsWith('.map'));
    },
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        define: { __SHELL_FILES__: JSON.stringify(files.sort().map((name) => `/${name}`)) },
        build: {
          outDir: path.join(here, 'dist'),
          emptyOutDir: false,
          target: TARGET,
          copyPublicDir: false,
          lib: {
            entry: path.join(here, 'src/sw/serviceWorker.ts'),
            formats: ['iife'],
            name: 'marqueePlayerServiceWorker',
            fileName: () => 'service-worker.js',
          },
        },
      });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: TARGET,
    // protocol's schemas are module-level zod/mini calls; the player uses its constants and rules, not the schemas.
    // Declaring zod's builders pure lets the unused schemas (and zod with them) drop out of the bundle.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
