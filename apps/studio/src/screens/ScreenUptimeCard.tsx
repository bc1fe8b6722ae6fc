import { Paper } from '@mantine/core';
import { QueryStatus } from '../common/QueryStatus';
import { UptimeBar } from './UptimeBar';
import { useUptime } from './useUptime';

/** The screen page's uptime bar of the last 24 hours, hours marked in the screen's zone. */
export function ScreenUptimeCard({ screenId, timezone }: { screenId: string; timezone: string }) {
  const uptime = useUptime(screenId, timezone);
  return (
    <Paper withBorder radius="md" p="lg">
      <QueryStatus query={uptime.query} title="Could not load the uptime" />
      {uptime.query.data !== undefined && (
        <UptimeBar
          segments={uptime.segments}
          marks={uptime.marks}
          uptimePercent={uptime.uptimePercent}
          timezone={timezone}
        />
      )}
    </Paper>
  );
}
