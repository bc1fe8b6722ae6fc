import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { renderStudio, routeApi, testPlaylist } from '../testUtils';
import { PlaylistsPage } from './PlaylistsPage';

const menu = testPlaylist({
  id: 'pl1',
  name: 'Breakfast menu',
  durationMs: 150_000,
  usedBy: {
    schedules: [{ id: 'sc1', name: 'Mornings' }],
    overrides: [],
    screens: [{ id: 's1', name: 'Lobby' }],
    layouts: [],
  },
});

describe('PlaylistsPage', () => {
  it('lists playlists with their length and where they are used', async () => {
    const { api } = routeApi({ 'GET /playlists': { playlists: [menu] } });
    renderStudio(<PlaylistsPage />, { api });
    const row = (await screen.findByRole('link', { name: 'Breakfast menu' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('2 min 30 s');
    expect(row.textContent).toContain('1 schedule, 1 screen');
  });

  it('shows why a playlist in use cannot be deleted', async () => {
    const message = "Breakfast menu is used by the schedule 'Mornings' and the screen 'Lobby'";
    const { api } = routeApi({
      'GET /playlists': { playlists: [menu] },
      'DELETE /playlists/pl1': () => {
        throw new ApiError(409, 'PLAYLIST_IN_USE', message);
      },
    });
    renderStudio(<PlaylistsPage />, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Breakfast menu' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('creates a playlist and opens it', async () => {
    const { api, calls } = routeApi({
      'GET /playlists': { playlists: [] },
      'POST /playlists': testPlaylist({ id: 'new1', name: 'Lunch', items: [] }),
    });
    renderStudio(<PlaylistsPage />, { api, path: '/playlists', route: '/playlists' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'New playlist' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create playlist' }));
    expect(within(dialog).getByText('Give it a name, e.g. Breakfast menu')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Lunch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create playlist' }));
    await screen.findByText('elsewhere');
    expect(calls).toContainEqual(['POST', '/playlists', { name: 'Lunch', items: [] }]);
  });
});
