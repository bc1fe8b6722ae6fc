// The pairing page's QR code opens {studio}/pair?code=…: an operator who is not signed in yet signs up (or in)
// first and lands on the pair form with the code filled in.

import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';

describe('studio pair link from the QR code', () => {
  const stage = useStage(['studio']);

  it('keeps the code through sign-up and pre-fills the pair form', async () => {
    const page = await stage.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${stage.server.url}/studio/pair?code=K7P4QX`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/studio/signin');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Organisation').fill('Phone Shop');
    await page.getByLabel('Email').fill('phone@shop.example');
    await page.getByLabel('Password', { exact: true }).fill('phone-shop-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Pair a screen' }).waitFor();
    expect(page.url()).toBe(`${stage.server.url}/studio/pair?code=K7P4QX`);
    expect(await page.getByLabel('Pairing code').inputValue()).toBe('K7P4QX');
    await saveScreenshot(page, 'studio-pair-phone');
    await page.getByRole('button', { name: 'Pair screen' }).click();
    await page.getByText('No screen is waiting with code K7P4QX').waitFor();
    await page.close();
  });
});
