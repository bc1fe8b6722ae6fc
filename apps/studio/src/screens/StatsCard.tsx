import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAgo } from '../common/time';
import { statsFacts, type PlayerStatsView } from './statsFacts';

/** The player's latest runtime stats report, or a note that none came yet. */
export function StatsCard({ stats, now }: { stats: PlayerStatsView | undefined; now: number }) {
  return (
    <Paper withBorder radius="md" p="lg" aria-label="Runtime stats">
      <Title order={3} size="h4" mb={4}>
        Runtime stats
      </Title>
      <Text size="sm" c="dimmed" mb={stats === undefined ? 0 : 'sm'}>
        {stats === undefined
          ? 'The screen has not reported its stats yet. It does within 30 s of starting.'
          : `Reported ${formatAgo(stats.reportedAt, now)}`}
      </Text>
      {stats !== undefined && (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" verticalSpacing="sm">
          {statsFacts(stats).map((fact) => (
            <Stack gap={0} key={fact.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {fact.label}
              </Text>
              <Text size="sm">{fact.value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
