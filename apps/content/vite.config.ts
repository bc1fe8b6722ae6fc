import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, precacheDefines, serviceWorkerPlugin } from '../../tools/viteServiceWorker';
import { ZOD_PURE_FUNCTIONS } from '../../tools/zodTreeshake';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/content/';

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    // The worker precaches the build (tools/viteServiceWorker.ts, precacheDefines).
    serviceWorkerPlugin({ appDir, name: 'content', define: precacheDefines(BASE) }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: BROWSER_TARGET,
    // Two pages: the content player, and the pairing page on its own (served at /content/pair as pair/index.html),
    // so an unpaired screen does not load the content player to draw its code (docs/player.md §Start-up timings).
    rolldownOptions: {
      input: { main: path.join(appDir, 'index.html'), pair: path.join(appDir, 'pair/index.html') },
      // As in apps/player: protocol's schemas are module-level zod/mini calls; declared pure, those a page does not
      // use drop out of its bundle (the pairing page uses none).
      treeshake: { manualPureFunctions: ZOD_PURE_FUNCTIONS },
    },
  },
});
