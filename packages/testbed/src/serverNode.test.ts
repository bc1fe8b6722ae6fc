// The server's V8 flags are written in four places a reader or a process manager meets them: SERVER_NODE_FLAGS
// (every node the tests and benchmarks start), the root package.json's `npm start`, the README and
// docs/deployment.md. A node started one way must run as a node started another.

import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './repo';
import { SERVER_NODE_FLAGS } from './serverNode';

const command = `node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`;

it('npm start runs the server with the flags the test nodes run with', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts.start).toMatch(
    new RegExp(`&& exec ${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
});

it.each(['README.md', 'docs/deployment.md'])('%s gives the same command', (file) => {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8').replace(/\s+/g, ' ');
  expect(text).toContain(command);
  // No command without the flags is left behind.
  expect(text.match(/node apps\/server\/dist\/main\.js/g) ?? []).toEqual([]);
});
