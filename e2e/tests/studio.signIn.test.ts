// The studio's sign-in page in Chromium, as an operator meets it: it loads without a console error or a failed
// request, and an account under a password-guessing attack says how long it is locked.

import { describe, expect, it } from 'vitest';
import { useStage } from '../harness/stage';
import { api } from './player.support';

const PASSWORD = 'correct horse 42';

describe('studio sign-in', () => {
  const stage = useStage(['studio']);

  it('loads without a console error or a failed request', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${stage.server.url}/studio/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(page.url()).toBe(`${stage.server.url}/studio/signin`);
    // What the browser fetches on its own after the load (the page's icon) comes a moment later.
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells an operator whose account met too many wrong passwords how long to wait', async () => {
    const email = `owner-${Date.now()}@corner.example`;
    const signedUp = await api(stage.server, 'POST', '/api/v1/auth/signup', {
      email,
      password: PASSWORD,
      orgName: 'Corner Coffee',
    });
    expect(signedUp.status).toBe(201);
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/studio/signin`);
    await page.getByLabel('Email').fill(email);
    const attempt = async (password: string) => {
      await page.getByLabel('Password').fill(password);
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/signin'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      return (await answered).status();
    };
    for (let i = 0; i < 10; i++) expect(await attempt(`guess ${i}`)).toBe(401);
    await page.getByText('Wrong email address or password').waitFor();
    // The right password too, until the window ends.
    expect(await attempt(PASSWORD)).toBe(429);
    await page.getByText('Too many failed sign-ins for this account: try again in 15 minutes.').waitFor();
    expect(page.url()).toBe(`${stage.server.url}/studio/signin`);
    await context.close();
  });
});
