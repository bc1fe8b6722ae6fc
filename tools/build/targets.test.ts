import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listTargets, targetState, writeStamp, type Target } from './targets.mjs';
import { createTestWorkspace, type TestWorkspace } from './test/workspace';

describe('build targets', () => {
  let workspace: TestWorkspace;
  beforeEach(() => {
    workspace = createTestWorkspace();
  });
  afterEach(() => workspace.remove());

  const target = (name: string): Target => {
    const found = listTargets(workspace.root).find((each) => each.name === name);
    if (found === undefined) throw new Error(`no target ${name}`);
    return found;
  };

  it('finds the server and every app with a Vite config, the server first', () => {
    workspace.write('apps/docs/package.json', JSON.stringify({ name: '@marquee/docs' }));
    expect(listTargets(workspace.root).map((each) => [each.name, each.kind, each.output])).toEqual([
      ['server', 'server', 'apps/server/dist/main.js'],
      ['web', 'vite', 'apps/web/dist/index.html'],
    ]);
  });

  it("reads its own folder, the workspace packages it bundles, tools/ and the lockfile; never tests or others' sources", () => {
    expect(target('server').inputs).toEqual([
      'apps/server/package.json',
      'apps/server/src/main.ts',
      'apps/server/tsconfig.json',
      'package-lock.json',
      'packages/shared/package.json',
      'packages/shared/src/index.ts',
      'tools/plugin.ts',
      'tsconfig.base.json',
    ]);
  });

  it('is to be built when never built, up to date after its stamp, and names what changed since', () => {
    const server = target('server');
    expect(targetState(workspace.root, server).reason).toBe('apps/server/dist/main.js does not exist');
    workspace.write('apps/server/dist/main.js', '');
    expect(targetState(workspace.root, server).reason).toBe(
      'apps/server/dist/.build-stamp.json does not exist',
    );
    writeStamp(workspace.root, server, targetState(workspace.root, server).fingerprint);
    expect(targetState(workspace.root, server).reason).toBeNull();

    workspace.write('packages/shared/src/index.ts', "export const GREETING = 'changed';\n");
    workspace.write('apps/server/src/extra.ts', 'export {};\n');
    expect(targetState(workspace.root, target('server')).reason).toBe(
      'changed since its build: apps/server/src/extra.ts, packages/shared/src/index.ts',
    );
  });

  it('stays up to date when only tests, test harnesses or packages it does not bundle change', () => {
    workspace.write('apps/server/dist/main.js', '');
    const server = target('server');
    writeStamp(workspace.root, server, targetState(workspace.root, server).fingerprint);
    workspace.write('packages/shared/src/index.test.ts', '// another test\n');
    workspace.write('packages/shared/test/helper.ts', 'export const HELPER = 2;\n');
    workspace.write('apps/server/vitest.config.ts', 'export default {};\n');
    workspace.write('packages/unrelated/src/index.ts', "export const OTHER = 'changed';\n");
    expect(targetState(workspace.root, target('server')).reason).toBeNull();
  });
});
