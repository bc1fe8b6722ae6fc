// Deleting a playlist, after asking. One in use is refused (409 PLAYLIST_IN_USE) with a message naming the
// schedules, overrides, screens and layouts that use it (common/useRefusableDeletion.ts).

import { useDeletePlaylist } from '../api/playlists';
import type { Playlist } from '../api/types';
import { useRefusableDeletion } from '../common/useRefusableDeletion';

export function usePlaylistDeletion(onDeleted: (playlist: Playlist) => void = () => {}) {
  return useRefusableDeletion<Playlist>('playlist', useDeletePlaylist(), onDeleted);
}
