import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { useServices } from '../api/context';
import { usePlaylist } from '../api/playlists';
import { useMediaList } from '../api/queries';
import { DeleteRefusal } from '../common/DeleteRefusal';
import { QueryStatus } from '../common/QueryStatus';
import { PlaylistEditorView } from './PlaylistEditorView';
import { usePlaylistDeletion } from './usePlaylistDeletion';
import { usePlaylistEditor } from './usePlaylistEditor';
import type { Media, Playlist } from '../api/types';

function Editor({ playlist, media }: { playlist: Playlist; media: Media[] }) {
  const { config } = useServices();
  const navigate = useNavigate();
  const editor = usePlaylistEditor(playlist, () =>
    notifications.show({
      color: 'teal',
      title: 'Playlist saved',
      message: 'Every screen showing it switches in a moment.',
    }),
  );
  const deletion = usePlaylistDeletion(() => void navigate('/playlists'));
  return (
    <Stack gap="md">
      <DeleteRefusal message={deletion.refusal} onClose={deletion.dismiss} />
      <PlaylistEditorView
        editor={editor}
        media={media}
        apiUrl={config.apiUrl}
        usedBy={playlist.usedBy}
        deleting={deletion.deleting}
        onDelete={() => deletion.request(playlist)}
      />
    </Stack>
  );
}

export function PlaylistPage() {
  const { id = '' } = useParams();
  const playlist = usePlaylist(id);
  const media = useMediaList();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/playlists" size="sm">
        ← All playlists
      </Anchor>
      <QueryStatus query={playlist} title="Could not load this playlist" />
      {/* The draft lives on across saves: a remount would drop the save's own callbacks (its notification). */}
      {playlist.data !== undefined && (
        <Editor key={playlist.data.id} playlist={playlist.data} media={media.data ?? []} />
      )}
    </Stack>
  );
}
