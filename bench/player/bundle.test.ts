import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle } from './bundle';

describe('measureBundle', () => {
  it('counts the entry and its preloads as initial, the other chunks as lazy', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js">',
    );
    for (const name of ['a.js', 'b.js', 'c.js'])
      fs.writeFileSync(path.join(dir, 'assets', name), 'x'.repeat(1000));
    const figures = measureBundle(dir);
    expect(figures.initialFiles).toEqual(['assets/a.js', 'assets/b.js']);
    expect(figures.initialJsGzipBytes).toBeGreaterThan(0);
    expect(figures.lazyJsGzipBytes).toBe(figures.initialJsGzipBytes / 2);
  });
});
