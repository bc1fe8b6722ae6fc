import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, precacheDefines, serviceWorkerPlugin } from '../../tools/viteServiceWorker';
import { ZOD_PURE_FUNCTIONS } from '../../tools/zodTreeshake';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/meet/';

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    // The worker precaches the build (tools/viteServiceWorker.ts, precacheDefines).
    serviceWorkerPlugin({ appDir, name: 'meet', define: precacheDefines(BASE) }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: BROWSER_TARGET,
    // As in apps/player: protocol's zod schemas are unused module-level calls; declared pure they drop out.
    rolldownOptions: { treeshake: { manualPureFunctions: ZOD_PURE_FUNCTIONS } },
  },
});
