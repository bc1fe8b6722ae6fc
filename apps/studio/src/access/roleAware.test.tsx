import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Role } from '@marquee/management-api';
import { PlaylistPage } from '../playlists/PlaylistPage';
import { PlaylistsPage } from '../playlists/PlaylistsPage';
import { renderStudio, routeApi, testPlaylist } from '../testUtils';

const me = (role: Role) => ({
  user: { id: 'u1', email: 'someone@example.com' },
  org: { id: 'o1', name: 'Corner Coffee' },
  role,
  actor: 'member',
});
const menu = testPlaylist({ id: 'pl1', name: 'Breakfast menu' });

describe('role-aware playlists', () => {
  it('a viewer is offered no playlist change: New playlist disabled with the reason, Delete not shown', async () => {
    const { api } = routeApi({ 'GET /me': me('viewer'), 'GET /playlists': { playlists: [menu] } });
    renderStudio(<PlaylistsPage />, { api });
    await screen.findByRole('link', { name: 'Breakfast menu' });
    const create = await screen.findByRole('button', { name: 'New playlist' });
    await expect.poll(() => (create as HTMLButtonElement).disabled).toBe(true);
    expect(create.closest('[data-refused]')?.getAttribute('data-refused')).toBe(
      'Editors and above can add playlists',
    );
    expect(screen.queryByRole('button', { name: 'Delete Breakfast menu' })).toBeNull();
  });

  it("a viewer reads a playlist's editor with every field and button disabled, and is told why", async () => {
    const { api } = routeApi({
      'GET /me': me('viewer'),
      'GET /playlists/pl1': menu,
      'GET /media': { media: [] },
    });
    renderStudio(<PlaylistPage />, { api, path: '/playlists/pl1', route: '/playlists/:id' });
    expect((await screen.findByTestId('read-only')).textContent).toContain(
      'Editors and above can change playlists',
    );
    // A disabled fieldset disables everything in it (the browser's rule; jsdom does not apply it to :disabled).
    const fieldset = screen.getByRole('button', { name: 'Save playlist' }).closest('fieldset');
    expect(fieldset?.disabled).toBe(true);
    expect(fieldset?.contains(screen.getByLabelText('Playlist name'))).toBe(true);
    expect(fieldset?.contains(screen.getByRole('button', { name: 'Add web page' }))).toBe(true);
  });

  it('an editor changes playlists freely', async () => {
    const { api } = routeApi({ 'GET /me': me('editor'), 'GET /playlists': { playlists: [menu] } });
    renderStudio(<PlaylistsPage />, { api });
    expect(await screen.findByRole('button', { name: 'Delete Breakfast menu' })).toBeTruthy();
    expect((screen.getAllByRole('button', { name: 'New playlist' })[0] as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
