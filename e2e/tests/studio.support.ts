// What the studio's e2e tests share.

import type { Page } from 'playwright-core';

/** Waits for the studio's toasts to close, so a screenshot shows the page under them. */
export const quiet = (page: Page) =>
  page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, null, {
    timeout: 20_000,
  });

/** Signs in on the studio's sign-in page with a password; the caller waits for the page it expects next. */
export async function signInToStudio(page: Page, serverUrl: string, email: string, password: string) {
  await page.goto(`${serverUrl}/studio/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
