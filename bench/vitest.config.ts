import { defineProject } from 'vitest/config';

// The benchmark pipeline end to end at a small size: it checks that every figure is measured and sane, never a
// budget (budgets are reported by the benchmark itself).
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['realtime/**/*.test.ts', 'player/**/*.test.ts', 'plays/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
