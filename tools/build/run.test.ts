// Real esbuild and Vite builds in a small workspace: what is built, what is skipped, and what is refused.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTargets, staleTargets } from './run.mjs';
import { createTestWorkspace, type TestWorkspace } from './test/workspace';

describe('buildTargets', () => {
  let workspace: TestWorkspace;
  beforeEach(() => {
    workspace = createTestWorkspace();
  });
  afterEach(() => workspace.remove());

  const build = (names: string[] = []) => buildTargets({ root: workspace.root, names });

  it('bundles our packages and the libraries into the server, and leaves the run-time libraries to Node', async () => {
    expect(await build(['server'])).toEqual(['server']);
    const bundle = workspace.read('apps/server/dist/main.js');
    expect(bundle).toContain('hello from shared');
    expect(bundle).not.toContain('@marquee/shared');
    expect(bundle).toContain('from tiny-lib');
    expect(bundle).not.toMatch(/from "tiny-lib"/);
    expect(bundle).toMatch(/^import \w+ from "pino";$/m);
    expect(workspace.exists('apps/server/dist/main.js.map')).toBe(true);
  });

  it('builds each target once, then only those whose inputs changed', async () => {
    expect(await build()).toEqual(['server', 'web']);
    expect(workspace.read('apps/web/dist/index.html')).toContain('<script type="module"');
    expect(await build()).toEqual([]);
    expect(staleTargets({ root: workspace.root })).toEqual([]);

    workspace.write(
      'apps/server/src/main.ts',
      `${workspace.read('apps/server/src/main.ts')}console.log('only the server changed');\n`,
    );
    expect(await build()).toEqual(['server']);

    // A workspace package both bundle: both are built again.
    workspace.write('packages/shared/src/index.ts', "export const GREETING: string = 'changed';\n");
    expect(staleTargets({ root: workspace.root }).map((state) => state.target.name)).toEqual([
      'server',
      'web',
    ]);
    expect(await build()).toEqual(['server', 'web']);
    expect(workspace.read('apps/server/dist/main.js')).toContain('"changed"');

    // The lockfile decides which libraries are bundled or imported: everything is built again.
    workspace.write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n');
    expect(await build()).toEqual(['server', 'web']);

    workspace.write('packages/unrelated/src/index.ts', "export const OTHER = 'still not bundled';\n");
    workspace.write('packages/shared/src/index.test.ts', '// a test changed\n');
    expect(await build()).toEqual([]);
  });

  it('refuses a build that bundles a workspace package it does not declare, and builds it again next time', async () => {
    workspace.write(
      'apps/web/src/main.ts',
      "import { OTHER } from '@marquee/unrelated';\ndocument.title = OTHER;\n",
    );
    await expect(build(['web'])).rejects.toThrow(
      'apps/web read files that are not among its build inputs, so changing them would not rebuild it: ' +
        'packages/unrelated/src/index.ts',
    );
    expect(staleTargets({ root: workspace.root, names: ['web'] })).toHaveLength(1);
  });

  it('builds again after a failed build, even when the sources are back as they were', async () => {
    const working = workspace.read('apps/server/src/main.ts');
    expect(await build(['server'])).toEqual(['server']);
    workspace.write(
      'apps/server/src/main.ts',
      'import { missing } from "./nowhere";\nconsole.log(missing);\n',
    );
    await expect(build(['server'])).rejects.toThrow('Could not resolve "./nowhere"');
    workspace.write('apps/server/src/main.ts', working);
    expect(staleTargets({ root: workspace.root, names: ['server'] })).toHaveLength(1);
    expect(await build(['server'])).toEqual(['server']);
    expect(await build(['server'])).toEqual([]);
  });
});
