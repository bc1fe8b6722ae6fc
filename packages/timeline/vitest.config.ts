import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'timeline',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
