import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { renderStudio, routeApi, testLayout } from '../testUtils';
import { LayoutsPage } from './LayoutsPage';

const board = testLayout({
  usedBy: {
    schedules: [{ id: 'sc1', name: 'Lunch' }],
    overrides: [],
    screens: [
      { id: 's1', name: 'Lobby' },
      { id: 's2', name: 'Bar' },
    ],
  },
});

describe('LayoutsPage', () => {
  it('lists layouts with their screen, zones and where they are used', async () => {
    const { api } = routeApi({ 'GET /layouts': { layouts: [board] } });
    renderStudio(<LayoutsPage />, { api });
    const row = (await screen.findByRole('link', { name: 'Menu board' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Landscape');
    expect(row.textContent).toContain('1 schedule, 2 screens');
  });

  it("shows the server's reason when a layout in use is not deleted", async () => {
    const message = "Menu board is used by the schedule 'Lunch' and the screens 'Lobby' and 'Bar'";
    const { api } = routeApi({
      'GET /layouts': { layouts: [board] },
      'DELETE /layouts/l1': () => {
        throw new ApiError(409, 'LAYOUT_IN_USE', message);
      },
    });
    renderStudio(<LayoutsPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Menu board' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
