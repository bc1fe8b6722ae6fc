import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET = 'chrome86';

/** Builds src/sw/serviceWorker.ts into dist/service-worker.js (a classic script: module workers need Chrome 91). */
function serviceWorker(): Plugin {
  return {
    name: 'marquee-meet-service-worker',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          outDir: path.join(here, 'dist'),
          emptyOutDir: false,
          target: TARGET,
          copyPublicDir: false,
          lib: {
            entry: path.join(here, 'src/sw/serviceWorker.ts'),
            formats: ['iife'],
            name: 'marqueeMeetServiceWorker',
            fileName: () => 'service-worker.js',
          },
        },
      });
    },
  };
}

export default defineConfig({
  base: '/meet/',
  plugins: [react(), serviceWorker()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: TARGET,
    // As in apps/player: protocol's zod schemas are unused module-level calls; declared pure they drop out.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
