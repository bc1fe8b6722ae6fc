import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveryView, WebhookView } from '@marquee/management-api';
import { ApiError } from '../api/client';
import { renderStudio, routeApi } from '../testUtils';
import { WebhooksPage } from './WebhooksPage';

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const pager: WebhookView = {
  id: 'w1',
  url: 'http://10.0.0.5:8080/hook',
  events: ['screen.offline', 'screen.online'],
  description: null,
  createdAt: 1_700_000_000_000,
};

describe('WebhooksPage', () => {
  it('adds a webhook and shows its secret once, with a copy button and a warning', async () => {
    let listed: WebhookView[] = [];
    const { api, calls } = routeApi({
      'GET /webhooks': () => ({ webhooks: listed }),
      'POST /webhooks': (body: unknown) => {
        listed = [{ ...pager, ...(body as object) }];
        return { ...listed[0], secret: SECRET };
      },
    });
    renderStudio(<WebhooksPage />, { api });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New webhook' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('URL'), pager.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'POST',
        '/webhooks',
        { url: pager.url, events: ['screen.offline', 'screen.online'] },
      ]),
    );
    expect(await within(dialog).findByTestId('webhook-secret')).toHaveProperty('textContent', SECRET);
    expect(within(dialog).getByText(/will not be shown again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list shows the new webhook; the secret is nowhere any more.
    expect(await screen.findByTestId('webhook-row-w1')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
    await userEvent.click((await screen.findAllByRole('button', { name: 'New webhook' }))[0]!);
    expect(within(await screen.findByRole('dialog')).queryByTestId('webhook-secret')).toBeNull();
  });

  it('refuses a URL that is not http(s) before sending, and shows the server refusal on its field', async () => {
    const { api, calls } = routeApi({
      'GET /webhooks': { webhooks: [] },
      'POST /webhooks': () => {
        throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid body.events.0: unknown event', 'events.0');
      },
    });
    renderStudio(<WebhooksPage />, { api });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New webhook' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('URL'), 'ftp://files.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Must be an http:// or https:// URL')).toBeTruthy();
    expect(calls.filter(([method]) => method === 'POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('URL'));
    await userEvent.type(within(dialog).getByLabelText('URL'), 'https://example.com/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Invalid body.events.0: unknown event')).toBeTruthy();
    expect(within(dialog).queryByTestId('webhook-secret')).toBeNull();
  });

  it('sends a test event, and shows the deliveries with their attempts and next retry', async () => {
    const failing: DeliveryView = {
      id: 'd1',
      eventId: 'e1',
      event: 'webhook.test',
      state: 'pending',
      createdAt: 1_700_000_000_000,
      nextAttemptAt: 1_700_000_060_000,
      attempts: [
        {
          at: 1_700_000_000_000,
          statusCode: 503,
          error: 'answered 503',
          durationMs: 12,
          nextRetryAt: 1_700_000_060_000,
        },
      ],
    };
    const { api, calls } = routeApi({
      'GET /webhooks': { webhooks: [pager] },
      'POST /webhooks/w1/test': { eventId: 'e1', deliveryId: 'd1' },
      'GET /webhooks/w1/deliveries': { deliveries: [failing], nextCursor: null },
    });
    renderStudio(<WebhooksPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(calls).toContainEqual(['POST', '/webhooks/w1/test', undefined]));
    await userEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const row = await screen.findByTestId('delivery-row-d1');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('webhook.test');
    expect(cells.slice(2, 5)).toEqual(['pending', '1', 'HTTP 503 in 12 ms']);
  });
});
