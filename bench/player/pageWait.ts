// Waits for an expression of the page to be truthy, asking through the DevTools protocol every 50 ms. Playwright's
// waitForFunction with source text evaluates it with eval inside the page, which the player's Content-Security-Policy
// (no 'unsafe-eval') refuses; a protocol evaluation is not subject to it.

import type { Page } from 'playwright-core';

export async function waitForExpression<T>(page: Page, expression: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = (await page.evaluate(expression)) as T;
      if (value) return value;
    } catch (error) {
      // The page navigated (a reload after pairing or a command): ask the new document.
      if (!/context was destroyed|navigat/i.test((error as Error).message)) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`not true within ${timeoutMs} ms: ${expression.slice(0, 120)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
