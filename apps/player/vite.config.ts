import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TARGET, serviceWorkerPlugin } from '../../tools/viteServiceWorker';
import { PREACT_ALIASES } from '../../tools/preactAliases';
import { ZOD_PURE_FUNCTIONS } from '../../tools/zodTreeshake';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // The worker knows the build's files, so the player shell starts offline.
    serviceWorkerPlugin({
      appDir,
      name: 'player',
      define: (files) => ({ __SHELL_FILES__: JSON.stringify(files.map((file) => `/${file}`)) }),
    }),
  ],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: BROWSER_TARGET,
    // protocol's schemas are module-level zod/mini calls; the player uses its constants and rules, not the schemas.
    // Declaring zod's builders pure lets the unused schemas (and zod with them) drop out of the bundle.
    rolldownOptions: { treeshake: { manualPureFunctions: ZOD_PURE_FUNCTIONS } },
  },
});
