// Deleting a playlist, after asking. One in use is refused (409 PLAYLIST_IN_USE) with a message naming the
// schedules, overrides and screens that use it: it is kept on show until the operator deletes again or leaves.

import { useState } from 'react';
import { useDeletePlaylist } from '../api/playlists';
import type { Playlist } from '../api/types';
import { useConfirm } from '../common/useConfirm';

export function usePlaylistDeletion(onDeleted: (playlist: Playlist) => void = () => {}) {
  const remove = useDeletePlaylist();
  const confirm = useConfirm();
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    refusal,
    deleting: remove.isPending,
    dismiss: () => setRefusal(null),
    request: (playlist: Playlist) =>
      confirm('Delete playlist', `Are you sure you want to delete ${playlist.name}?`, () => {
        setRefusal(null);
        remove.mutate(playlist.id, {
          onSuccess: () => onDeleted(playlist),
          onError: (error) => setRefusal(error.message),
        });
      }),
  };
}
