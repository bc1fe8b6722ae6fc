import { Anchor, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { useLayout, type Layout } from '../api/layouts';
import { usePlaylists } from '../api/playlists';
import type { Playlist } from '../api/types';
import { AllowedFieldset } from '../access/AllowedFieldset';
import { DeleteRefusal } from '../common/DeleteRefusal';
import { QueryStatus } from '../common/QueryStatus';
import { NEW_LAYOUT_PATH } from '../constants';
import { UsageList } from '../playlists/UsageList';
import { LayoutEditorView } from './LayoutEditorView';
import { LayoutPreview } from './preview/LayoutPreview';
import { useLayoutDeletion } from './useLayoutDeletion';
import { useLayoutEditor } from './useLayoutEditor';

function Editor({ layout, playlists }: { layout: Layout | null; playlists: Playlist[] }) {
  const navigate = useNavigate();
  const editor = useLayoutEditor(layout, (saved) => {
    notifications.show({
      color: 'teal',
      title: 'Layout saved',
      message: 'Every screen showing it switches in a moment.',
    });
    if (layout === null) void navigate(`/layouts/${saved.id}`, { replace: true });
  });
  const deletion = useLayoutDeletion(() => void navigate('/layouts'));
  return (
    <Stack gap="md">
      <DeleteRefusal message={deletion.refusal} onClose={deletion.dismiss} />
      <AllowedFieldset route={layout === null ? 'createLayout' : 'updateLayout'} what="change layouts">
        <LayoutEditorView
          editor={editor}
          playlists={playlists}
          actions={
            layout !== null && (
              <Button
                variant="subtle"
                color="red"
                loading={deletion.deleting}
                onClick={() => deletion.request(layout)}
              >
                Delete
              </Button>
            )
          }
        />
      </AllowedFieldset>
      <LayoutPreview draft={editor.draft} playlists={playlists} />
      {layout !== null && <UsageList usage={layout.usedBy} />}
    </Stack>
  );
}

function SavedLayout({ id, playlists }: { id: string; playlists: Playlist[] }) {
  const layout = useLayout(id);
  return (
    <>
      <QueryStatus query={layout} title="Could not load this layout" />
      {/* The draft lives on across saves: a remount would drop the save's own callbacks (its notification). */}
      {layout.data !== undefined && (
        <Editor key={layout.data.id} layout={layout.data} playlists={playlists} />
      )}
    </>
  );
}

export function LayoutPage() {
  const { id = NEW_LAYOUT_PATH } = useParams();
  const playlists = usePlaylists();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/layouts" size="sm">
        ← All layouts
      </Anchor>
      {id === NEW_LAYOUT_PATH ? (
        <Editor layout={null} playlists={playlists.data ?? []} />
      ) : (
        <SavedLayout id={id} playlists={playlists.data ?? []} />
      )}
    </Stack>
  );
}
