import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ScreenTimelineStatus } from '../api/types';
import { SOURCE_COLOURS, SOURCE_LABELS } from '../constants';

/** What the screen shows now and why, and whether its player is behind the latest timeline. */
export function WhyPlaying({ timeline }: { timeline: ScreenTimelineStatus }) {
  const { current } = timeline;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="why-playing">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Why is this playing
        </Text>
        <Group gap="sm">
          <Badge color={SOURCE_COLOURS[current.kind]} size="lg" variant="filled">
            {SOURCE_LABELS[current.kind]}
          </Badge>
          <Title order={3} size="h3">
            {current.name}
          </Title>
        </Group>
        <Text>{current.reason}</Text>
        {timeline.behind && (
          <Alert color="orange" variant="light" title="The screen is behind" role="alert">
            Its player has not applied the latest timeline (version {timeline.version}; it reports{' '}
            {timeline.appliedVersion ?? 'none'}) for over a minute. It may be offline or out of date.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
