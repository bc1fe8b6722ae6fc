import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Override } from '../api/types';
import { OVERRIDES_POLL_MS } from '../constants';
import { renderStudio, routeApi } from '../testUtils';
import { EmergencyButton } from './EmergencyButton';

const drill = (applied: number): Override => ({
  id: 'o1',
  name: 'Fire drill',
  playlist: null,
  layout: null,
  message: 'Leave by the stairs',
  targets: { screenIds: [], groupIds: [], all: true },
  expiresAt: Date.now() + 3600_000,
  createdAt: Date.now(),
  targeted: 4,
  applied,
  appliedScreenIds: [],
});

function setup() {
  let reads = 0;
  const { api, calls } = routeApi({
    'GET /overrides': () => ({ overrides: [drill(++reads > 1 ? 4 : 1)] }),
    'GET /playlists': { playlists: [] },
    'GET /groups': { groups: [] },
    'POST /overrides': (body: unknown) => ({ ...drill(0), ...(body as object), id: 'o2' }),
    'DELETE /overrides/o1': { deleted: 'o1' },
  });
  renderStudio(<EmergencyButton />, { api });
  return { calls };
}

describe('EmergencyButton', () => {
  it('says how many emergencies are active, and counts the screens showing one live while open', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Emergency (1 active)' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByTestId('override-o1').textContent).toContain('Showing on 1 of 4 screens');
    await waitFor(
      () =>
        expect(within(panel).getByTestId('override-applied').textContent).toBe('Showing on 4 of 4 screens'),
      { timeout: OVERRIDES_POLL_MS * 2 },
    );
  });

  it('starts a message on every screen, with the expiry it was given', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: /Emergency/ }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show it now' }));
    expect(within(panel).getByText('Give it a name, e.g. Fire drill')).toBeTruthy();
    await userEvent.type(within(panel).getByLabelText('Name'), 'Flood');
    await userEvent.type(within(panel).getByLabelText(/Message/), 'Basement closed');
    await userEvent.click(within(panel).getByRole('button', { name: '4 hours' }));
    const before = Date.now();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show it now' }));
    await waitFor(() => expect(calls.some(([method]) => method === 'POST')).toBe(true));
    const [, , body] = calls.find(([method]) => method === 'POST')!;
    expect(body).toMatchObject({ name: 'Flood', message: 'Basement closed', targets: { all: true } });
    const expires = Date.parse((body as { expiresAt: string }).expiresAt);
    // Four hours ahead, to the minute the field holds.
    expect(Math.abs(expires - (before + 4 * 3600_000))).toBeLessThan(120_000);
  });

  it('clears an emergency after asking', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: /Emergency/ }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    // The confirmation opens over the drawer, which it hides from the accessibility tree.
    await userEvent.click(await screen.findByRole('button', { name: "Yes, I'm sure", hidden: true }));
    await waitFor(() => expect(calls).toContainEqual(['DELETE', '/overrides/o1', undefined]));
  });
});
