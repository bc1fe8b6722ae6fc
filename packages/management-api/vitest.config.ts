import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'management-api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
