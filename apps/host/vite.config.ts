import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/host/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'chrome86' },
});
