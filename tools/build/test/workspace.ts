// A small workspace in a temporary folder for the build's tests (kept in test/, which no build reads), laid out
// as this repository is: a server that bundles one workspace package and a library and imports a run-time library,
// an unrelated package, a Vite app, tools/, a lockfile. Its node_modules links our packages as npm does and holds
// the two libraries, so real esbuild and Vite builds run in it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['packages/*', 'apps/*'] }),
  'package-lock.json': '{"lockfileVersion":3}\n',
  'tsconfig.base.json': '{"compilerOptions":{"strict":true}}\n',
  'tools/plugin.ts': 'export const PLUGIN = 1;\n',
  'packages/shared/package.json': JSON.stringify({
    name: '@marquee/shared',
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'packages/shared/src/index.ts': "export const GREETING: string = 'hello from shared';\n",
  'packages/shared/src/index.test.ts': "import { GREETING } from './index';\nvoid GREETING;\n",
  'packages/shared/test/helper.ts': 'export const HELPER = 1;\n',
  'packages/unrelated/package.json': JSON.stringify({
    name: '@marquee/unrelated',
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'packages/unrelated/src/index.ts': "export const OTHER: string = 'not bundled by the server';\n",
  'apps/server/package.json': JSON.stringify({
    name: '@marquee/server',
    type: 'module',
    dependencies: { '@marquee/shared': '*', 'tiny-lib': '*', pino: '*' },
  }),
  'apps/server/tsconfig.json': '{"extends":"../../tsconfig.base.json"}\n',
  'apps/server/src/main.ts': [
    "import pino from 'pino';",
    "import { shout } from 'tiny-lib';",
    "import { GREETING } from '@marquee/shared';",
    'console.log(shout(GREETING), typeof pino);',
    '',
  ].join('\n'),
  'node_modules/tiny-lib/package.json': JSON.stringify({ name: 'tiny-lib', main: 'index.js' }),
  'node_modules/tiny-lib/index.js': 'exports.shout = (text) => `${text.toUpperCase()} from tiny-lib`;\n',
  'node_modules/pino/package.json': JSON.stringify({ name: 'pino', main: 'pino.js' }),
  'node_modules/pino/pino.js': 'module.exports = () => ({});\n',
  'apps/web/package.json': JSON.stringify({
    name: '@marquee/web',
    type: 'module',
    dependencies: { '@marquee/shared': '*' },
  }),
  'apps/web/vite.config.ts': "export default { build: { outDir: 'dist', emptyOutDir: true } };\n",
  'apps/web/index.html':
    '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>\n',
  'apps/web/src/main.ts': "import { GREETING } from '@marquee/shared';\ndocument.title = GREETING;\n",
};

export interface TestWorkspace {
  root: string;
  write(file: string, text: string): void;
  read(file: string): string;
  exists(file: string): boolean;
  remove(): void;
}

export function createTestWorkspace(): TestWorkspace {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-build-test-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  for (const [file, text] of Object.entries(FILES)) write(file, text);
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(modules, '@marquee'), { recursive: true });
  for (const name of ['shared', 'unrelated', 'server', 'web']) {
    const dir = fs.existsSync(path.join(root, 'packages', name)) ? 'packages' : 'apps';
    fs.symlinkSync(path.join('..', '..', dir, name), path.join(modules, '@marquee', name));
  }
  return {
    root,
    write,
    read: (file) => fs.readFileSync(path.join(root, file), 'utf8'),
    exists: (file) => fs.existsSync(path.join(root, file)),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
