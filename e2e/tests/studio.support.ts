// What the studio's e2e tests share.

import type { Page } from 'playwright-core';

/** Waits for the studio's toasts to close, so a screenshot shows the page under them. */
export const quiet = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, null, {
    timeout: 20_000,
  });
