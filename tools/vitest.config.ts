import { defineProject } from 'vitest/config';

// The build's own tests: real esbuild and Vite builds in temporary workspaces.
export default defineProject({
  test: {
    name: 'tools',
    environment: 'node',
    include: ['build/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
