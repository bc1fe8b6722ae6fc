import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, serviceWorkerPlugin } from '../../tools/viteServiceWorker';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const BASE = '/meet/';

export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    // The worker precaches every file of the build except index.html, which is served with the runtime
    // configuration and fetched network-first instead.
    serviceWorkerPlugin({
      appDir,
      name: 'meet',
      define: (files) => ({
        __PRECACHE_MANIFEST__: JSON.stringify(
          files
            .filter((file) => file !== 'index.html')
            .map((file) => ({
              url: `${BASE}${file}`,
              // Hashed names carry their revision; anything else is revalidated by build time.
              revision: file.startsWith('assets/') ? null : String(Date.now()),
            })),
        ),
        __BASE__: JSON.stringify(BASE),
      }),
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: BROWSER_TARGET,
    // As in apps/player: protocol's zod schemas are unused module-level calls; declared pure they drop out.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
