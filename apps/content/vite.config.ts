import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, precacheDefines, serviceWorkerPlugin } from '../../tools/viteServiceWorker';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/content/';

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    // The worker precaches the build (tools/viteServiceWorker.ts, precacheDefines).
    serviceWorkerPlugin({ appDir, name: 'content', define: precacheDefines(BASE) }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, target: BROWSER_TARGET },
});
