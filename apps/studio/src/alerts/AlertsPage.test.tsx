import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertRuleView } from '@marquee/management-api';
import { ApiError } from '../api/client';
import { renderStudio, routeApi, testGroup } from '../testUtils';
import { AlertsPage } from './AlertsPage';

const NOW = 1_700_000_000_000;
const lobby: AlertRuleView = {
  id: 'r1',
  name: 'Lobby screens',
  targets: { all: false, screenIds: ['s1'], groupIds: ['g1'] },
  offlineAfterSeconds: 7200,
  notifyRecovery: true,
  webhookIds: ['w1'],
  emails: ['ops@example.com'],
  createdAt: NOW,
  updatedAt: NOW,
};
describe('AlertsPage', () => {
  it('lists rules: their screens, threshold and where alerts go', async () => {
    const { api } = routeApi({
      'GET /alert-rules': { alertRules: [lobby] },
      'GET /groups': { groups: [testGroup({ id: 'g1', name: 'Lobbies' })] },
    });
    renderStudio(<AlertsPage />, { api });
    const row = await screen.findByTestId('alert-rule-row-r1');
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        'Lobby screens',
        'Lobbies, 1 screen',
        '2 h',
        'Notify',
        '1 webhook, ops@example.com',
        'EditDelete',
      ]),
    );
  });

  it('creates a rule with a threshold in minutes; with no webhooks yet it says where to add one', async () => {
    const { api, calls } = routeApi({
      'GET /alert-rules': { alertRules: [] },
      'GET /groups': { groups: [] },
      'GET /webhooks': { webhooks: [] },
      'POST /alert-rules': (body: unknown) => ({ ...lobby, ...(body as object), id: 'r2' }),
    });
    renderStudio(<AlertsPage />, { api });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New alert rule' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('webhooks-empty')).textContent).toContain('No webhooks yet');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Everything');
    const threshold = within(dialog).getByLabelText('Alert when offline for');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '3000'); // minutes: over 48 hours
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert rule' }));
    expect(within(dialog).getByText('Between 1 minute and 48 hours')).toBeTruthy();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '2');
    await userEvent.type(within(dialog).getByLabelText('Email addresses'), 'ops@example.com{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert rule' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'POST',
        '/alert-rules',
        {
          name: 'Everything',
          targets: { all: true },
          offlineAfterSeconds: 120,
          notifyRecovery: true,
          webhookIds: [],
          emails: ['ops@example.com'],
        },
      ]),
    );
  });

  it("shows the server's refusal on the field it names", async () => {
    const { api } = routeApi({
      'GET /alert-rules': { alertRules: [lobby] },
      'GET /groups': { groups: [] },
      'GET /webhooks': { webhooks: [{ id: 'w1', url: 'https://hooks.example.com/marquee' }] },
      'PATCH /alert-rules/r1': () => {
        throw new ApiError(400, 'UNKNOWN_WEBHOOK', 'No webhook w1 in your organisation', 'webhookIds.0');
      },
    });
    renderStudio(<AlertsPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('https://hooks.example.com/marquee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save alert rule' }));
    expect(await within(dialog).findByText('No webhook w1 in your organisation')).toBeTruthy();
  });
});
