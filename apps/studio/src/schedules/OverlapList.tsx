import { Alert, List, Text } from '@mantine/core';
import type { ScheduleOverlaps } from '../api/types';

/** '2026-03-23T12:00:00+01:00' as the screen's wall clock: '2026-03-23 12:00'. */
const wall = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export function OverlapList({ overlaps }: { overlaps: ScheduleOverlaps }) {
  if (overlaps.overlaps.length === 0)
    return (
      <Alert color="teal" variant="light" title="No overlaps">
        No screen would play it at the same time as another schedule of its priority in the next{' '}
        {overlaps.days} days.
      </Alert>
    );
  return (
    <Alert color="yellow" variant="light" title="Overlaps at the same priority">
      <Text size="sm" mb={4}>
        These screens would play both, one item after the other. Give one a higher priority to have it win.
      </Text>
      <List size="sm" data-testid="overlaps">
        {overlaps.overlaps.map((overlap) => (
          <List.Item key={`${overlap.screen.id}-${overlap.schedule.id}-${overlap.start}`}>
            {overlap.screen.name}: with {overlap.schedule.name}, {wall(overlap.start)} to {wall(overlap.end)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
