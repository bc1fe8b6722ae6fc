import { defineConfig } from 'vitest/config';

// Every package and app declares its own Vitest project (environment, timeouts) beside its code.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'e2e/vitest.config.ts',
      'bench/vitest.config.ts',
      'cluster/vitest.config.ts',
      'tools/vitest.config.ts',
    ],
    reporters: ['default', './tools/summaryReporter.ts'],
  },
});
