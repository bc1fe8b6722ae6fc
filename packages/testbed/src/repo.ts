// Where this checkout is, and what the testbed runs from it.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: packages/testbed/src → packages/testbed → packages → root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
