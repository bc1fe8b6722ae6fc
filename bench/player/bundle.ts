// The player's initial JavaScript: the entry script of apps/player/dist/index.html and every module it preloads,
// gzipped (level 9, as a server would send them). Chunks loaded later by dynamic import are listed apart.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleFigures {
  initialJsGzipBytes: number;
  initialFiles: string[];
  lazyJsGzipBytes: number;
}

export function measureBundle(distDir: string): BundleFigures {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => (match[1] ?? '').replace(/^\//, ''));
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const all = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  return {
    initialFiles: initial,
    initialJsGzipBytes: initial.reduce((sum, file) => sum + gz(file), 0),
    lazyJsGzipBytes: all.filter((file) => !initial.includes(file)).reduce((sum, file) => sum + gz(file), 0),
  };
}
