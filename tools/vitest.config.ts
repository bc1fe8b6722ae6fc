import { defineProject } from 'vitest/config';

// The build's own tests (real esbuild and Vite builds in temporary workspaces) and the repository-wide source checks.
export default defineProject({
  test: {
    name: 'tools',
    environment: 'node',
    include: ['build/**/*.test.ts', 'eslint/*.test.ts', '*.test.ts'],
    testTimeout: 60_000,
  },
});
