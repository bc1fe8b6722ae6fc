import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { Playlist } from '../api/types';

/** A saved playlist as the screen's default content (shown when nothing is scheduled), or its own items. */
export function DefaultPlaylistCard({
  current,
  playlists,
  saving,
  onSave,
}: {
  current: string | null;
  playlists: Playlist[];
  saving: boolean;
  onSave(playlistId: string | null): void;
}) {
  const [chosen, setChosen] = useState(current);
  const name = playlists.find((playlist) => playlist.id === current)?.name;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Default playlist
        </Title>
        <Text size="sm" c="dimmed">
          {current === null
            ? 'When nothing is scheduled the screen shows its own content, above. Or choose a saved playlist:'
            : `When nothing is scheduled the screen shows the playlist ${name ?? ''}.`}
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label="Saved playlist"
            placeholder="Choose a playlist"
            data={playlists.map((playlist) => ({ value: playlist.id, label: playlist.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            style={{ flex: 1 }}
          />
          <Button
            loading={saving}
            disabled={chosen === null || chosen === current}
            onClick={() => onSave(chosen)}
          >
            Show this playlist
          </Button>
          {current !== null && (
            <Button variant="subtle" loading={saving} onClick={() => onSave(null)}>
              Use its own content
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
