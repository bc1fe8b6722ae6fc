// `npm run build` (and the first step of `npm start` and `npm test`): builds the server and the front ends whose
// inputs changed since their last build. Plain JavaScript run by plain `node`: it runs before anything is
// compiled, on every start, where a TypeScript loader would cost a third of a second.
//
//   node tools/build.mjs [target…]           build what changed (all targets when none is named)
//   node tools/build.mjs --force [target…]   build even what is up to date
//   node tools/build.mjs --check [target…]   build nothing; exit 1 naming what is missing or out of date

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTargets, staleTargets } from './build/run.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node tools/build.mjs [--check | --force] [target…]';

/** @param {string[]} args */
async function main(args) {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const names = args.filter((arg) => !arg.startsWith('-'));
  const unknown = flags.filter((flag) => flag !== '--check' && flag !== '--force');
  if (unknown.length > 0 || (flags.includes('--check') && flags.includes('--force'))) {
    console.error(`${unknown.length > 0 ? `unknown option ${unknown.join(', ')}\n` : ''}${USAGE}`);
    return 2;
  }
  if (flags.includes('--check')) {
    const stale = staleTargets({ root: ROOT, names });
    for (const { target, reason } of stale) console.error(`${target.dir} is not built: ${reason}`);
    if (stale.length > 0) console.error('Run `npm run build` (it builds only what changed).');
    return stale.length > 0 ? 1 : 0;
  }
  await buildTargets({
    root: ROOT,
    names,
    force: flags.includes('--force'),
    log: (line) => console.log(`build: ${line}`),
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
