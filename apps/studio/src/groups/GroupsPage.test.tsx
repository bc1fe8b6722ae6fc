import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { renderStudio, routeApi, testGroup } from '../testUtils';
import { GroupsPage } from './GroupsPage';

const kitchens = testGroup({
  id: 'g1',
  name: 'Kitchens',
  matchTags: ['kitchen'],
  screenIds: ['s9'],
  memberCount: 12,
});

describe('GroupsPage', () => {
  it('lists groups with how many screens are in each now', async () => {
    const { api } = routeApi({ 'GET /groups': { groups: [kitchens] } });
    renderStudio(<GroupsPage />, { api });
    const row = await screen.findByTestId('group-row-g1');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kitchens', '12', 'kitchen', '1', 'EditDelete']);
  });

  it('creates a group by tag, lower-casing what was typed', async () => {
    const { api, calls } = routeApi({
      'GET /groups': { groups: [] },
      'GET /screens': { screens: [], nextCursor: null },
      'POST /groups': (body: unknown) => testGroup(body as object),
    });
    renderStudio(<GroupsPage />, { api });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New group' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    expect(within(dialog).getByText('Take screens in by tag, or list some screens')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Kitchens');
    await userEvent.type(within(dialog).getByLabelText('Screens with all of these tags'), 'Kitchen{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    await waitFor(() =>
      expect(calls).toContainEqual([
        'POST',
        '/groups',
        { name: 'Kitchens', screenIds: [], matchTags: ['kitchen'] },
      ]),
    );
  });

  it('shows which schedule uses a group that cannot be deleted', async () => {
    const message = "Kitchens is used by the schedule 'Breakfast'";
    const { api, calls } = routeApi({
      'GET /groups': { groups: [kitchens] },
      'DELETE /groups/g1': () => {
        throw new ApiError(409, 'GROUP_IN_USE', message);
      },
    });
    renderStudio(<GroupsPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kitchens' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toContainEqual(['DELETE', '/groups/g1', undefined]);
  });
});
