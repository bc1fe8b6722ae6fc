// Set up for every e2e test file (vitest.config.ts setupFiles): its hooks run after the file's own, so the
// servers have stopped when their data folders are removed.
import { afterAll } from 'vitest';
import { removeDataDirs } from './server';

afterAll(removeDataDirs);
