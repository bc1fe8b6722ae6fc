import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NamedRef } from '../api/types';
import type { ContentUsage } from './usage';

function Refs({ label, refs, to }: { label: string; refs: NamedRef[]; to?: (ref: NamedRef) => string }) {
  if (refs.length === 0) return null;
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:{' '}
      </Text>
      {refs.map((ref, index) => (
        <span key={ref.id}>
          {index > 0 && ', '}
          {to === undefined ? (
            ref.name
          ) : (
            <Anchor component={Link} to={to(ref)} size="sm">
              {ref.name}
            </Anchor>
          )}
        </span>
      ))}
    </Text>
  );
}

export function UsageList({ usage }: { usage: ContentUsage }) {
  const unused = usage.schedules.length + usage.overrides.length + usage.screens.length === 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Where it shows
      </Text>
      <Stack gap={4}>
        {unused && (
          <Text size="sm" c="dimmed">
            Nowhere yet: schedule it, or make it a screen&apos;s default content.
          </Text>
        )}
        <Refs label="Schedules" refs={usage.schedules} />
        <Refs label="Emergencies" refs={usage.overrides} />
        <Refs label="Screens (default content)" refs={usage.screens} to={(ref) => `/screens/${ref.id}`} />
      </Stack>
    </Paper>
  );
}
