import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/studio/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine, React, React Router, TanStack Query and zod: one cached vendor file of about 700 kB (210 kB gzip).
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // Libraries change less often than the studio: a separate file stays cached across releases.
        // The drag-and-drop kit stays out of it: only the playlist editor, loaded on demand, uses it.
        manualChunks: (id: string) =>
          id.includes('node_modules') && !id.includes('node_modules/@dnd-kit/') ? 'vendor' : undefined,
      },
    },
  },
});
