import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'studio',
    testTimeout: 30_000,
    environment: 'happy-dom',
    // The studio's theme respects reduced motion: asked for here, Mantine's transitions end at once and leave no
    // timer to fire after a test file's window is gone.
    environmentOptions: { happyDOM: { settings: { device: { prefersReducedMotion: 'reduce' } } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testSetup.ts'],
  },
});
