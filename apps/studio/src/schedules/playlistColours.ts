// One colour per playlist on the calendar, the same on every visit: playlists take the palette's colours in the
// order they were created.

import type { Playlist } from '../api/types';
import { PLAYLIST_COLOURS } from '../constants';

export function playlistColours(
  playlists: readonly Pick<Playlist, 'id' | 'createdAt'>[],
): ReadonlyMap<string, string> {
  const ordered = [...playlists].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return new Map(
    ordered.map((playlist, index) => [playlist.id, PLAYLIST_COLOURS[index % PLAYLIST_COLOURS.length]!]),
  );
}
