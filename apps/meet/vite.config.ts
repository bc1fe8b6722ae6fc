import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, serviceWorkerPlugin } from '../../tools/viteServiceWorker';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  base: '/meet/',
  plugins: [react(), serviceWorkerPlugin({ appDir, name: 'meet' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: BROWSER_TARGET,
    // As in apps/player: protocol's zod schemas are unused module-level calls; declared pure they drop out.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
