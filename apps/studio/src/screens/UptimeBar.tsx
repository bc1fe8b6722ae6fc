import { Box, Group, Text, Tooltip } from '@mantine/core';
import { formatDateTime } from '../common/time';
import type { BarSegment, HourMark } from './uptimeBar';

const COLOURS: Record<BarSegment['state'], string> = {
  online: 'var(--mantine-color-teal-6)',
  offline: 'var(--mantine-color-red-6)',
  unknown: 'var(--mantine-color-gray-3)',
};

export interface UptimeBarProps {
  segments: BarSegment[];
  marks: HourMark[];
  uptimePercent: number | null;
  timezone: string;
}

/** The last 24 hours as a bar: green online, red offline, grey before anything was recorded. */
export function UptimeBar({ segments, marks, uptimePercent, timezone }: UptimeBarProps) {
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Last 24 hours
        </Text>
        <Text size="sm" c="dimmed" data-testid="uptime-percent">
          {uptimePercent === null ? 'No uptime recorded yet' : `${uptimePercent}% online`}
        </Text>
      </Group>
      <Box
        pos="relative"
        h={16}
        style={{ borderRadius: 4, overflow: 'hidden' }}
        aria-label="Uptime, last 24 hours"
      >
        {segments.map((segment) => (
          <Tooltip
            key={segment.from}
            label={`${segment.state}: ${formatDateTime(segment.from)} – ${formatDateTime(segment.to)}`}
          >
            <Box
              pos="absolute"
              top={0}
              h="100%"
              data-state={segment.state}
              style={{
                left: `${segment.left}%`,
                width: `${segment.width}%`,
                background: COLOURS[segment.state],
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Box pos="relative" h={18} aria-label={`Hours in ${timezone}`}>
        {marks.map((mark) => (
          <Text
            key={mark.at}
            size="xs"
            c="dimmed"
            pos="absolute"
            style={{ left: `${mark.left}%`, transform: 'translateX(-50%)' }}
          >
            {mark.label}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
