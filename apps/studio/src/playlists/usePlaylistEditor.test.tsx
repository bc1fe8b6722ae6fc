import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../api/client';
import { routeApi, studioWrapper, testPlaylist } from '../testUtils';
import { CONTENT_MESSAGES } from '../screens/contentDraft';
import { usePlaylistEditor } from './usePlaylistEditor';

const playlist = testPlaylist({
  id: 'pl1',
  items: [
    { type: 'url', src: 'https://a.example/', durationMs: 5000 },
    { type: 'image', mediaId: 'm1', src: 'http://x/media/m1', durationMs: 8000 },
    { type: 'url', src: 'https://c.example/', durationMs: 10_000 },
  ],
});

function setup(patch: unknown = (body: unknown) => ({ ...playlist, ...(body as object) })) {
  const { api, calls } = routeApi({ 'PATCH /playlists/pl1': patch });
  const { result } = renderHook(() => usePlaylistEditor(playlist, () => {}), { wrapper: studioWrapper(api) });
  return { result, calls };
}

describe('usePlaylistEditor', () => {
  it('moves a dropped item to where it was dropped and saves the new order with the durations', async () => {
    const { result, calls } = setup();
    const [first, , third] = result.current.rows;
    act(() => result.current.move(third!.key, first!.key));
    expect(result.current.rows.map((row) => row.mediaId ?? row.src)).toEqual([
      'https://c.example/',
      'https://a.example/',
      'm1',
    ]);
    act(() => result.current.change(result.current.rows[0]!.key, { seconds: 12 }));
    expect(result.current.totalSeconds).toBe(25);
    act(() => result.current.save());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual([
      'PATCH',
      '/playlists/pl1',
      {
        name: 'Breakfast menu',
        items: [
          { type: 'url', src: 'https://c.example/', durationMs: 12_000 },
          { type: 'url', src: 'https://a.example/', durationMs: 5000 },
          { src: 'm1', durationMs: 8000 },
        ],
      },
    ]);
  });

  it('sends nothing while a name or an item is wrong, and says which', () => {
    const { result, calls } = setup();
    act(() => result.current.setName('  '));
    act(() => result.current.add('url'));
    act(() => result.current.save());
    const added = result.current.rows.at(-1)!;
    expect(result.current.errors).toEqual({
      name: 'Give it a name, e.g. Breakfast menu',
      [added.key]: CONTENT_MESSAGES.url,
    });
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on the item it names", async () => {
    const { result } = setup(() => {
      throw new ApiError(400, 'INVALID_CONTENT', 'This media file is not in your library', 'items.1.src');
    });
    act(() => result.current.save());
    await waitFor(() =>
      expect(result.current.errors).toEqual({
        [result.current.rows[1]!.key]: 'This media file is not in your library',
      }),
    );
  });
});
