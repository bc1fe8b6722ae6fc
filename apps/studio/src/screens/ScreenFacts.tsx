import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ScreenStatus } from '../api/types';
import { formatAgo } from '../common/time';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

export function ScreenFacts({ status, now }: { status: ScreenStatus; now: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
        <Fact label="Last heartbeat" value={formatAgo(status.lastHeartbeatAt, now)} />
        <Fact label="Connected since" value={status.online ? formatAgo(status.connectedAt, now) : '—'} />
        <Fact label="Platform" value={[status.platform, status.model].filter(Boolean).join(' · ') || '—'} />
        <Fact label="Version" value={status.version ?? '—'} />
        <Fact label="IP address" value={status.ip ?? '—'} />
        <Fact label="Seen from" value={status.remoteIp ?? '—'} />
        <Fact label="Uptime" value={status.uptime ?? '—'} />
        <Fact label="Disconnected" value={status.online ? '—' : formatAgo(status.disconnectedAt, now)} />
      </SimpleGrid>
    </Paper>
  );
}
