import { Alert, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Media, PlaylistUsage } from '../api/types';
import { formatDuration } from '../common/time';
import { PlaylistItemRow } from './PlaylistItemRow';
import { PlaylistPreview } from './PlaylistPreview';
import { previewItemsOf } from './previewItems';
import { SortableRows } from './SortableRows';
import { UsageList } from './UsageList';
import { configErrorKey } from '../screens/contentDraft';
import type { PlaylistEditor } from './usePlaylistEditor';
import { AllowedFieldset } from '../access/AllowedFieldset';
import { Allowed } from '../access/Allowed';

export interface PlaylistEditorViewProps {
  editor: PlaylistEditor;
  media: Media[];
  apiUrl: string;
  usedBy: PlaylistUsage;
  deleting: boolean;
  onDelete(): void;
}

export function PlaylistEditorView({
  editor,
  media,
  apiUrl,
  usedBy,
  deleting,
  onDelete,
}: PlaylistEditorViewProps) {
  const { errors } = editor;
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder radius="md" p="lg">
          <AllowedFieldset route="updatePlaylist" what="change playlists">
            <Stack gap="md">
              <Group justify="space-between" align="flex-end">
                <TextInput
                  label="Playlist name"
                  value={editor.name}
                  error={errors.name}
                  onChange={(event) => editor.setName(event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Text size="sm" c="dimmed" mb={8}>
                  {editor.rows.length} {editor.rows.length === 1 ? 'item' : 'items'} ·{' '}
                  {formatDuration(editor.totalSeconds * 1000)}
                </Text>
              </Group>
              <Title order={3} size="h5">
                Items
              </Title>
              {editor.rows.length === 0 && (
                <Text size="sm" c="dimmed">
                  Empty: add web pages, images and videos, then drag them into the order they play in.
                </Text>
              )}
              <div>
                <SortableRows rows={editor.rows} onMove={editor.move}>
                  {(row, index, handle) => (
                    <PlaylistItemRow
                      row={row}
                      index={index}
                      media={media}
                      error={errors[row.key]}
                      configError={errors[configErrorKey(row.key)]}
                      handle={handle}
                      onChange={(change) => editor.change(row.key, change)}
                      onRemove={() => editor.remove(row.key)}
                    />
                  )}
                </SortableRows>
              </div>
              <Group gap="sm">
                <Button variant="default" size="xs" onClick={() => editor.add('url')}>
                  Add web page
                </Button>
                <Button variant="default" size="xs" onClick={() => editor.add('media')}>
                  Add from media library
                </Button>
                <Button variant="default" size="xs" onClick={() => editor.add('app')}>
                  Add app (HTML)
                </Button>
              </Group>
              {media.length === 0 && (
                <Text size="sm" c="dimmed">
                  Your media library is empty. <Link to="/media">Upload an image or video</Link> first.
                </Text>
              )}
              {errors.form !== undefined && (
                <Alert color="red" variant="light" role="alert">
                  {errors.form}
                </Alert>
              )}
              <Group justify="space-between">
                <Allowed route="deletePlaylist" what="delete playlists">
                  <Button color="red" variant="subtle" onClick={onDelete} loading={deleting}>
                    Delete playlist
                  </Button>
                </Allowed>
                <Button onClick={editor.save} loading={editor.saving}>
                  Save playlist
                </Button>
              </Group>
            </Stack>
          </AllowedFieldset>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="lg">
          <PlaylistPreview items={previewItemsOf(editor.rows, media, apiUrl)} />
          <UsageList usage={usedBy} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
