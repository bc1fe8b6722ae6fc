import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from '../../tools/preactAliases';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      // Its ES build, inlined below, so that its own imports of react and react-dom take the aliases too.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
      ...PREACT_ALIASES,
    ],
  },
  test: {
    name: 'player',
    testTimeout: 30_000,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    server: { deps: { inline: ['@testing-library/react'] } },
  },
});
