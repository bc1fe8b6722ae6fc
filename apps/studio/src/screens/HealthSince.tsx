import { Text } from '@mantine/core';
import type { Screen } from '../api/types';
import { healthLabel } from './healthLabel';

/** "Online since …" / "Offline since …" under a screen's status. */
export function HealthSince({ health, now }: { health: Screen['health']; now: number }) {
  return (
    <Text size="xs" c={health.state === 'online' ? 'dimmed' : 'red'} data-testid="health-since">
      {healthLabel(health, now)}
    </Text>
  );
}
