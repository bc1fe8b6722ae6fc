import { useState } from 'react';
import { Button, Group, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { normaliseTags, tagsProblem } from '../common/tags';

/** The screen's tags: groups that match a tag take the screen in as soon as it has it. */
export function ScreenTagsEditor({
  tags,
  saving,
  onSave,
}: {
  tags: string[];
  saving: boolean;
  onSave(tags: string[]): void;
}) {
  const [draft, setDraft] = useState(tags);
  const problem = tagsProblem(draft);
  const changed = draft.join(',') !== tags.join(',');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Tags
        </Text>
        <TagsInput
          aria-label="Tags"
          placeholder="kitchen, floor-2…"
          value={draft}
          onChange={(next) => setDraft(normaliseTags(next))}
          error={problem}
        />
        <Group justify="flex-end">
          <Button
            size="xs"
            disabled={!changed || problem !== null}
            loading={saving}
            onClick={() => onSave(draft)}
          >
            Save tags
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
