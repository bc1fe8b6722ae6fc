// An HTML app as a playlist item, in the playlist editor: its address and its configuration, which must be a JSON
// object (said under the field as it is typed, and nothing is sent while it is not).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { PlaylistPage } from '../playlists/PlaylistPage';
import { renderStudio, routeApi, testPlaylist } from '../testUtils';
import { APP_CONFIG_MESSAGE } from './appConfigText';

const APP = 'https://apps.example.com/menu/';
const playlist = testPlaylist({
  id: 'pl1',
  items: [{ type: 'app', src: APP, durationMs: 60_000, config: { greeting: 'Hi' } }],
});

function open(patch: unknown = (body: unknown) => ({ ...playlist, ...(body as object), updatedAt: 2 })) {
  const { api, calls } = routeApi({
    'GET /playlists/pl1': playlist,
    'GET /media': { media: [] },
    'PATCH /playlists/pl1': patch,
  });
  renderStudio(<PlaylistPage />, { api, path: '/playlists/pl1', route: '/playlists/:id' });
  return calls;
}

const configField = () => screen.getAllByLabelText(/Configuration \(JSON\)/).at(-1) as HTMLTextAreaElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('an app item in the playlist editor', () => {
  it('shows a stored app with its configuration, and adds one that is sent with its address and configuration', async () => {
    const calls = open();
    expect(((await screen.findByLabelText('App address')) as HTMLInputElement).value).toBe(APP);
    expect(JSON.parse(configField().value)).toEqual({ greeting: 'Hi' });

    await userEvent.click(screen.getByRole('button', { name: 'Add app (HTML)' }));
    type(screen.getAllByLabelText('App address').at(-1)!, 'https://apps.example.com/clock/');
    type(configField(), '{ "doneAfterMs": 1500 }');
    await userEvent.click(screen.getByRole('button', { name: 'Save playlist' }));
    await waitFor(() => expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(1));
    expect(calls.find(([method]) => method === 'PATCH')?.[2]).toMatchObject({
      items: [
        { type: 'app', src: APP, durationMs: 60_000, config: { greeting: 'Hi' } },
        {
          type: 'app',
          src: 'https://apps.example.com/clock/',
          durationMs: 10_000,
          config: { doneAfterMs: 1500 },
        },
      ],
    });
  });

  it('says "must be a JSON object" under the field as it is typed, and sends nothing while it is', async () => {
    const calls = open();
    await screen.findByLabelText('App address');
    for (const text of ['{ greeting: "Hi" }', '[1, 2]']) {
      type(configField(), text);
      expect(await screen.findByText(APP_CONFIG_MESSAGE)).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save playlist' }));
    expect(calls.filter(([method]) => method === 'PATCH')).toHaveLength(0);
    type(configField(), '');
    await waitFor(() => expect(screen.queryByText(APP_CONFIG_MESSAGE)).toBeNull());
  });

  it("puts the server's word on the configuration under the configuration", async () => {
    open(() => {
      throw new ApiError(
        400,
        'INVALID_BODY',
        'Invalid items.0.config: must be at most 16384 characters as JSON',
        'items.0.config',
      );
    });
    await screen.findByLabelText('App address');
    await userEvent.click(screen.getByRole('button', { name: 'Save playlist' }));
    expect(await screen.findByText(/must be at most 16384 characters/)).toBeTruthy();
    expect(configField().getAttribute('aria-invalid')).toBe('true');
  });
});
