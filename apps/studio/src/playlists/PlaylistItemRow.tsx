import { ActionIcon, Group, Paper } from '@mantine/core';
import { DraftRowFields, type DraftRowFieldsProps } from '../screens/DraftRowFields';
import type { DragHandle } from './SortableRows';

export interface PlaylistItemRowProps extends DraftRowFieldsProps {
  handle: DragHandle;
}

export function PlaylistItemRow({ handle, ...fields }: PlaylistItemRowProps) {
  return (
    <Paper withBorder p="sm" radius="sm" mb="xs" data-testid="playlist-item">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={26}
          size="lg"
          aria-label={`Drag item ${fields.index + 1}`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...handle.attributes}
          {...handle.listeners}
        >
          ⠿
        </ActionIcon>
        <DraftRowFields {...fields} searchable />
      </Group>
    </Paper>
  );
}
