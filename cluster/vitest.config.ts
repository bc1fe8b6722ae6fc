import { defineProject } from 'vitest/config';

// Each file starts its own cluster (PostgreSQL, Redis, nginx, three server nodes): files run one at a time, so
// the machine's two cores are not shared by several clusters, with room for node starts and failovers.
export default defineProject({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
