import { useState } from 'react';
import { Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { normaliseTags, tagsProblem, TAG_RULE } from '../common/tags';

export interface BulkTagDialogProps {
  opened: boolean;
  count: number;
  saving: boolean;
  error: string | null;
  onClose(): void;
  onSubmit(change: { add: string[]; remove: string[] }): void;
}

export function BulkTagDialog({ opened, count, saving, error, onClose, onSubmit }: BulkTagDialogProps) {
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const addProblem = tagsProblem(add);
  const removeProblem = tagsProblem(remove);
  const empty = add.length + remove.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={`Tag ${count} ${count === 1 ? 'screen' : 'screens'}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {TAG_RULE}. Groups that match a tag take a screen in as soon as it has it.
        </Text>
        <TagsInput
          label="Add tags"
          placeholder="kitchen, floor-2…"
          value={add}
          onChange={(tags) => setAdd(normaliseTags(tags))}
          error={addProblem}
        />
        <TagsInput
          label="Remove tags"
          value={remove}
          onChange={(tags) => setRemove(normaliseTags(tags))}
          error={removeProblem}
        />
        {error !== null && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={saving}
            disabled={empty || addProblem !== null || removeProblem !== null}
            onClick={() => onSubmit({ add, remove })}
          >
            Apply tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
