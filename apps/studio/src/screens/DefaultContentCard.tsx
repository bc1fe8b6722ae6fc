import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NamedRef, Playlist } from '../api/types';
import { ContentPicker } from '../common/ContentPicker';
import type { ContentKind, ShownContent } from '../common/shownContent';

/** A saved playlist or layout as the screen's default content (shown when nothing is scheduled), or its own items. */
export function DefaultContentCard({
  current,
  playlists,
  layouts,
  saving,
  onSave,
}: {
  current: ShownContent | null;
  playlists: Playlist[];
  layouts: readonly NamedRef[];
  saving: boolean;
  onSave(content: { playlistId: string | null } | { layoutId: string }): void;
}) {
  const [kind, setKind] = useState<ContentKind>(current?.kind ?? 'playlist');
  const [playlistId, setPlaylistId] = useState(current?.kind === 'playlist' ? current.id : null);
  const [layoutId, setLayoutId] = useState(current?.kind === 'layout' ? current.id : null);
  const chosen = kind === 'playlist' ? playlistId : layoutId;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Default playlist or layout
        </Title>
        <Text size="sm" c="dimmed">
          {current === null
            ? 'When nothing is scheduled the screen shows its own content, above. Or choose a saved playlist or layout:'
            : `When nothing is scheduled the screen shows the ${current.kind} ${current.name}.`}
        </Text>
        <ContentPicker
          kind={kind}
          playlistId={playlistId}
          layoutId={layoutId}
          playlists={playlists}
          layouts={layouts}
          onKind={setKind}
          onPlaylist={setPlaylistId}
          onLayout={setLayoutId}
        />
        <Group gap="xs">
          <Button
            loading={saving}
            disabled={chosen === null || (current?.kind === kind && chosen === current.id)}
            onClick={() => onSave(kind === 'playlist' ? { playlistId } : { layoutId: layoutId as string })}
          >
            Show this {kind}
          </Button>
          {current !== null && (
            <Button variant="subtle" loading={saving} onClick={() => onSave({ playlistId: null })}>
              Use its own content
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
