import { defineProject } from 'vitest/config';

// Browser journeys are slow and share the machine's two cores: files run one at a time.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
