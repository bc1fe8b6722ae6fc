// assertBuilt asks the checkout's own build (tools/build.mjs --check): here a small checkout in a temporary folder
// with this repository's tools/ and node_modules, so its server can be built and changed without touching ours.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './build';
import { startProcess } from './childProcess';
import { REPO_ROOT } from './repo';

describe('assertBuilt', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const build = async () => {
    const run = startProcess('build', process.execPath, [path.join(root, 'tools/build.mjs'), 'server']);
    expect(await run.exited, run.output()).toBe(0);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-testbed-build-'));
    fs.cpSync(path.join(REPO_ROOT, 'tools'), path.join(root, 'tools'), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
    write('package.json', JSON.stringify({ name: 'checkout', workspaces: ['apps/*'] }));
    write('apps/server/package.json', JSON.stringify({ name: '@marquee/server', type: 'module' }));
    write('apps/server/src/main.ts', "console.log('first');\n");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('fails with what is not built and the command to run, until it is built from the current sources', async () => {
    await expect(assertBuilt(['server'], root)).rejects.toThrow(
      /apps\/server is not built: apps\/server\/dist\/main\.js does not exist\nRun `npm run build`/,
    );
    await build();
    write('apps/server/src/main.ts', "console.log('second');\n");
    await expect(assertBuilt(['server'], root)).rejects.toThrow(
      'apps/server is not built: changed since its build: apps/server/src/main.ts',
    );
    await build();
    await expect(assertBuilt(['server'], root)).resolves.toBeUndefined();
  });
});
