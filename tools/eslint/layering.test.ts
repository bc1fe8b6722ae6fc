// The layering rule on the workspace's real folders: what it lets through and what it refuses, with the message an
// engineer sees in `npm run lint`.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { layeringRule } from './layering.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

tester.run('marquee/layering', layeringRule, {
  valid: [
    { filename: at('apps/player/src/main.tsx'), code: "import { x } from '@marquee/player-core';" },
    { filename: at('apps/server/src/app.ts'), code: "import fs from 'node:fs';" },
    {
      filename: at('apps/server/src/screens/a.test.ts'),
      code: "import { h } from '../../test/harness/app';",
    },
    { filename: at('packages/player-core/src/a.ts'), code: "import { x } from '@marquee/protocol';" },
    { filename: at('packages/timeline/src/a.ts'), code: "import { zonedClock } from '@marquee/protocol';" },
    { filename: at('packages/realtime/test/a.ts'), code: "import { startServer } from '@marquee/testbed';" },
    { filename: at('packages/bridge/src/a.test.ts'), code: "import fs from 'node:fs';" },
    { filename: at('bench/realtime/seed.ts'), code: "import { buildApp } from '@marquee/server';" },
    {
      filename: at('apps/studio/src/access/useAccess.ts'),
      code: "import { ROUTE_ACCESS } from '@marquee/management-api/access';",
    },
    { filename: at('apps/meet/vite.config.ts'), code: "import { sw } from '../../tools/viteServiceWorker';" },
    {
      filename: at('apps/studio/src/api/client.ts'),
      code: "import type { Screen } from '@marquee/management-api';",
    },
  ],
  invalid: [
    {
      filename: at('packages/protocol/src/a.ts'),
      code: "import { x } from '@marquee/bridge';",
      errors: [{ message: "'@marquee/bridge': @marquee/protocol depends on nothing of ours" }],
    },
    {
      filename: at('packages/timeline/src/a.ts'),
      code: "import { x } from '@marquee/bridge';",
      errors: [{ message: "'@marquee/bridge': @marquee/timeline imports only @marquee/protocol" }],
    },
    {
      filename: at('packages/timeline/src/a.test.ts'),
      code: "import { x } from '@marquee/player-core';",
      errors: [{ message: "'@marquee/player-core': @marquee/timeline imports only @marquee/protocol" }],
    },
    {
      filename: at('packages/realtime/test/serverHarness.ts'),
      code: "export { buildApp } from '@marquee/server';",
      errors: [{ message: "'@marquee/server': packages never import apps/server" }],
    },
    {
      filename: at('packages/realtime/test/serverHarness.ts'),
      code: "const app = import('../../../apps/server/src/app.ts');",
      errors: [{ message: /reaches into apps\/server by path: import @marquee\/server instead/ }],
    },
    {
      filename: at('apps/studio/src/a.ts'),
      code: "import { x } from '@marquee/player';",
      errors: [{ message: "'@marquee/player': apps never import each other" }],
    },
    {
      filename: at('apps/meet/src/a.ts'),
      code: "import { x } from '../../player/src/hooks/useSettings';",
      errors: [{ message: /reaches into apps\/player by path/ }],
    },
    {
      filename: at('bench/realtime/seed.ts'),
      code: "import { newId } from '../../apps/server/src/ids';",
      errors: [{ message: /reaches into apps\/server by path: import @marquee\/server instead/ }],
    },
    {
      filename: at('e2e/tests/a.test.ts'),
      code: "import { x } from '@marquee/protocol/src/constants';",
      errors: [
        {
          message:
            "'@marquee/protocol/src/constants' is a path into @marquee/protocol: import its public entry",
        },
      ],
    },
    {
      filename: at('packages/player-core/src/storage.ts'),
      code: "import fs from 'node:fs';",
      errors: [{ message: "'node:fs' is a Node built-in; packages/player-core/src runs in the browser" }],
    },
    {
      filename: at('apps/content/src/App.tsx'),
      code: "import path from 'path';",
      errors: [{ message: "'path' is a Node built-in; apps/content/src runs in the browser" }],
    },
  ],
});
