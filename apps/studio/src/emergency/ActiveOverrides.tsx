import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Override } from '../api/types';
import { shownContent } from '../common/shownContent';
import { formatDateTime } from '../common/time';

export function ActiveOverrides({
  overrides,
  onClear,
}: {
  overrides: Override[];
  onClear(override: Override): void;
}) {
  if (overrides.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No emergency is active.
      </Text>
    );
  return (
    <Stack gap="sm">
      {overrides.map((override) => (
        <Paper key={override.id} withBorder p="sm" radius="md" data-testid={`override-${override.id}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>{override.name}</Text>
              <Text size="sm" c="dimmed" truncate>
                {override.message ?? shownContent(override)?.name ?? ''}
              </Text>
              <Text size="xs" c="dimmed">
                Until {formatDateTime(override.expiresAt)}
              </Text>
            </Stack>
            <Button color="red" variant="light" size="xs" onClick={() => onClear(override)}>
              Clear
            </Button>
          </Group>
          <Text size="sm" mt="xs" fw={600} data-testid="override-applied">
            Showing on {override.applied} of {override.targeted} screens
          </Text>
          <Progress
            value={override.targeted === 0 ? 0 : (override.applied / override.targeted) * 100}
            color="red"
            mt={4}
            aria-label={`${override.name}: screens showing it`}
          />
        </Paper>
      ))}
    </Stack>
  );
}
