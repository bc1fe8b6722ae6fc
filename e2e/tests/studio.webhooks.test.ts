// An operator adds a webhook in the studio in Chromium (docs/webhooks.md): the signing secret is shown once, a test
// event sent from the list reaches a real receiver signed with that secret, the deliveries show it delivered, and
// the webhook is deleted after the studio asks.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startWebhookReceiver, webhookSignatureValid, type WebhookReceiver } from '@marquee/testbed';
import { useStage } from '../harness/stage';
import { api } from './player.support';
import { signInToStudio } from './studio.support';

const PASSWORD = 'correct horse 42';

describe('studio: webhooks', () => {
  const stage = useStage(['studio']);
  let studio: Page;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
    const email = `webhooks-${Date.now()}@corner.example`;
    const signedUp = await api(stage.server, 'POST', '/api/v1/auth/signup', {
      email,
      password: PASSWORD,
      orgName: 'Corner Coffee',
    });
    expect(signedUp.status).toBe(201);
    studio = await stage.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInToStudio(studio, stage.server.url, email, PASSWORD);
    await studio.getByRole('link', { name: 'Webhooks' }).click();
    await studio.getByText('No webhooks yet').waitFor();
  });
  afterAll(async () => {
    await studio?.close();
    await hook?.close();
  });

  it('adds a webhook, shows its secret once, and a test event arrives signed with it', async () => {
    await studio.getByRole('button', { name: 'New webhook' }).first().click();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('URL').fill(hook.url);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await dialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByText('It will not be shown again').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await studio.getByText(hook.url).waitFor();
    expect(await studio.content()).not.toContain(secret);

    await studio.getByRole('button', { name: 'Send test' }).click();
    const [request] = await hook.waitFor(1);
    expect(request!.headers['marquee-event']).toBe('webhook.test');
    expect(
      webhookSignatureValid(secret, request!.headers['marquee-signature'] as string, request!.body),
    ).toBe(true);

    await studio.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = studio.getByRole('dialog');
    await deliveries.getByText('delivered', { exact: true }).first().waitFor();
    await deliveries.getByText(/^HTTP 200 in \d+ ms$/).waitFor();
    await studio.keyboard.press('Escape');
    await deliveries.waitFor({ state: 'hidden' });
  });

  it('deletes the webhook after asking', async () => {
    await studio.getByRole('button', { name: `Delete ${hook.url}` }).click();
    await studio.getByRole('dialog').getByRole('button', { name: "Yes, I'm sure" }).click();
    await studio.getByText('No webhooks yet').waitFor();
  });
});
