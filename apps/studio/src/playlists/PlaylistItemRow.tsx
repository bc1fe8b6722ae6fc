import { ActionIcon, Group, NumberInput, Paper, Select, Text, TextInput } from '@mantine/core';
import type { Media } from '../api/types';
import type { DraftRow } from '../screens/contentDraft';
import type { DragHandle } from './SortableRows';

export interface PlaylistItemRowProps {
  row: DraftRow;
  index: number;
  media: Media[];
  error: string | undefined;
  handle: DragHandle;
  onChange(change: Partial<DraftRow>): void;
  onRemove(): void;
}

export function PlaylistItemRow({
  row,
  index,
  media,
  error,
  handle,
  onChange,
  onRemove,
}: PlaylistItemRowProps) {
  return (
    <Paper withBorder p="sm" radius="sm" mb="xs" data-testid="playlist-item">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={26}
          size="lg"
          aria-label={`Drag item ${index + 1}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...handle.attributes}
          {...handle.listeners}
        >
          ⠿
        </ActionIcon>
        <Text fw={600} w={24} mt={30} ta="right">
          {index + 1}.
        </Text>
        {row.kind === 'url' ? (
          <TextInput
            label="Web page address"
            placeholder="https://example.com"
            value={row.src}
            style={{ flex: 1 }}
            error={error}
            onChange={(event) => onChange({ src: event.currentTarget.value })}
          />
        ) : (
          <Select
            label="Image or video"
            placeholder="Choose from the media library"
            data={media.map((file) => ({ value: file.id, label: `${file.filename} (${file.kind})` }))}
            value={row.mediaId}
            style={{ flex: 1 }}
            error={error}
            searchable
            onChange={(mediaId) => onChange({ mediaId })}
          />
        )}
        <NumberInput
          label="Seconds"
          min={1}
          w={110}
          value={row.seconds}
          onChange={(value) => onChange({ seconds: typeof value === 'number' ? value : Number(value) })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          mt={28}
          size="lg"
          aria-label={`Remove item ${index + 1}`}
          onClick={onRemove}
        >
          ✕
        </ActionIcon>
      </Group>
    </Paper>
  );
}
