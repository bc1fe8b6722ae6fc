// Screenshots and other evidence of an e2e run go to e2e/artifacts (git-ignored), kept as CI artifacts.

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
