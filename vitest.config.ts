import { defineConfig } from 'vitest/config';

// Every package and app declares its own Vitest project (environment, timeouts) beside its code. The cluster suite
// is not among them: its files start whole clusters and need the machine to themselves, so it runs on its own
// config (`npm run test:cluster`), after the rest (tools/test.mjs).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'e2e/vitest.config.ts',
      'bench/vitest.config.ts',
      'tools/vitest.config.ts',
    ],
    reporters: ['default', './tools/summaryReporter.ts'],
  },
});
