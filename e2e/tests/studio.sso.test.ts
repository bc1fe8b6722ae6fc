// Single sign-on in Chromium (docs/teams.md §Single sign-on): an owner turns it on in the studio against a real
// OpenID provider (the testbed's `oidc-provider`), signs out, and signs in again through the provider's login
// page, landing signed in with no token left in the address bar; a provider account that is no member of the
// organisation comes back to the sign-in page with the reason.

import { afterAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type OidcProviderServer } from '@marquee/testbed';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { api } from './player.support';

const PASSWORD = 'correct horse 42';
const OWNER = 'owner@lantern.example';

describe('studio single sign-on', () => {
  let provider: OidcProviderServer | undefined;
  const stage = useStage(['studio'], {
    prepare: async (started) => {
      provider = await startOidcProvider({
        clients: [
          {
            clientId: 'marquee-studio',
            clientSecret: 'lantern-secret',
            redirectUris: [`${started.server.url}/api/v1/auth/sso/callback`],
          },
        ],
        accounts: [
          { email: OWNER, emailVerified: true },
          { email: 'visitor@lantern.example', emailVerified: true },
        ],
      });
      const signedUp = await api(started.server, 'POST', '/api/v1/auth/signup', {
        email: OWNER,
        password: PASSWORD,
        orgName: 'Lantern Hall',
      });
      expect(signedUp.status).toBe(201);
      return { issuer: provider.issuer };
    },
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('is turned on by the owner, then signs the owner in through the provider', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/studio/signin`);
    await page.getByLabel('Email', { exact: true }).fill(OWNER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Single sign-on' }).click();
    expect(await page.getByTestId('sso-redirect-uri').textContent()).toBe(
      `${stage.server.url}/api/v1/auth/sso/callback`,
    );
    await page.getByLabel('Issuer').fill(stage.issuer);
    await page.getByLabel('Client id').fill('marquee-studio');
    await page.getByLabel('Client secret').fill('lantern-secret');
    await page.getByRole('button', { name: 'Turn on single sign-on' }).click();
    await page.getByText('Saved: the provider answered.').waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await page.getByRole('button', { name: 'Use single sign-on' }).click();
    await page.getByLabel('Work email').fill(OWNER);
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    // The provider's own page, the address filled in from the login hint.
    await page.waitForURL((url) => url.origin === stage.issuer);
    expect(await page.getByLabel('Email').inputValue()).toBe(OWNER);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back in the studio, signed in, with nothing of the session left in the address bar.
    await page.waitForURL(`${stage.server.url}/studio/screens`);
    await page.getByText('Lantern Hall').waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('marquee-studio-session'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ user: { email: OWNER } });
    await saveScreenshot(page, 'studio-sso-signed-in');
    await context.close();
  });

  it('brings a provider account that is no member back with the reason', async () => {
    const context = await stage.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stage.server.url}/studio/signin`);
    await page.getByRole('button', { name: 'Use single sign-on' }).click();
    await page.getByLabel('Work email').fill(OWNER);
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await page.waitForURL((url) => url.origin === stage.issuer);
    await page.getByLabel('Email').fill('visitor@lantern.example');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(
        'No member of this organisation has the address visitor@lantern.example: ask an admin to invite you.',
      )
      .waitFor();
    expect(page.url()).toBe(`${stage.server.url}/studio/signin`);
    expect(await page.evaluate(() => localStorage.getItem('marquee-studio-session'))).toBeNull();
    await context.close();
  });
});
