import { defineConfig } from 'vitest/config';

// Each file starts its own cluster (PostgreSQL, Redis, nginx, three server nodes): files run one at a time, so
// the machine's two cores are not shared by several clusters, with room for node starts and failovers. Not a
// project of the root config: `npm run test:cluster` runs it alone (`vitest run --root cluster`), and `npm test`
// last, once everything else is done (tools/test.mjs).
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['default', '../tools/summaryReporter.ts'],
  },
});
