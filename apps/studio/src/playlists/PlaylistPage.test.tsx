import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStudio, routeApi, testPlaylist } from '../testUtils';
import { PlaylistPage } from './PlaylistPage';

const menu = testPlaylist({
  id: 'pl1',
  items: [
    { type: 'url', src: 'https://a.example/', durationMs: 5000 },
    { type: 'url', src: 'https://b.example/', durationMs: 8000 },
  ],
});

describe('PlaylistPage', () => {
  it('lists the items with drag handles and durations, previews them, and says when it is saved', async () => {
    const { api, calls } = routeApi({
      'GET /playlists/pl1': menu,
      'GET /media': { media: [] },
      'PATCH /playlists/pl1': (body: unknown) => ({
        ...menu,
        ...(body as object),
        updatedAt: menu.updatedAt + 1,
      }),
    });
    renderStudio(<PlaylistPage />, { api, path: '/playlists/pl1', route: '/playlists/:id' });
    expect(await screen.findByRole('button', { name: 'Drag item 2' })).toBeTruthy();
    expect(screen.getAllByLabelText('Seconds').map((input) => (input as HTMLInputElement).value)).toEqual([
      '5',
      '8',
    ]);
    expect(screen.getByTestId('preview-stage').textContent).toContain('https://a.example/');
    expect(screen.getByText(/2 items · 13 s/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save playlist' }));
    expect(await screen.findByText('Playlist saved')).toBeTruthy();
    await waitFor(() => expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(1));
  });
});
