import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, routeApi } from '../testUtils';
import { ApiKeysPage } from './ApiKeysPage';

const T0 = 1_700_000_000_000;
const view = {
  id: 'k1',
  name: 'Room booking',
  role: 'editor',
  prefix: 'mq_AbCd',
  createdBy: 'owner@example.com',
  createdAt: T0,
  lastUsedAt: null,
};

describe('ApiKeysPage', () => {
  it('shows a new key once, with a warning, and never again once closed', async () => {
    const secret = 'mq_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    let keys: unknown[] = [];
    const { api, calls } = routeApi({
      'GET /me': {
        user: { id: 'u1', email: 'a@example.com' },
        org: { id: 'o1', name: 'O' },
        role: 'admin',
        actor: 'member',
      },
      'GET /api-keys': () => ({ apiKeys: keys }),
      'POST /api-keys': () => {
        keys = [view];
        return { ...view, key: secret };
      },
    });
    renderStudio(<ApiKeysPage />, { api });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New API key' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Room booking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await within(dialog).findByTestId('api-key')).textContent).toBe(secret);
    expect(within(dialog).getByText(/will not be shown again/)).toBeTruthy();
    expect(calls).toContainEqual(['POST', '/api-keys', { name: 'Room booking', role: 'editor' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const row = (await screen.findByText('Room booking')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('mq_AbCd…');
    expect(document.body.textContent).not.toContain(secret);
  });
});
