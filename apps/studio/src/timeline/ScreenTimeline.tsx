import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useScreenTimeline } from '../api/timeline';
import type { TimelineSegment } from '../api/types';
import { QueryError } from '../common/QueryError';
import { SOURCE_COLOURS, SOURCE_LABELS } from '../constants';
import { timelineRows, type TimelineBar } from './timelineRows';
import { useTimelineRange, type TimelineMode } from './useTimelineRange';

const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];
const percent = (minutes: number) => `${(minutes / 1440) * 100}%`;
/** '2026-03-25T06:00:00+01:00' → '06:00'. */
const clock = (iso: string) => iso.slice(11, 16);

function Bar({ bar, selected, onSelect }: { bar: TimelineBar; selected: boolean; onSelect(): void }) {
  const { segment } = bar;
  const label = `${clock(segment.start)}–${clock(segment.end)} ${segment.source.name}: ${segment.reason}`;
  return (
    <Tooltip label={label} multiline maw={320} withinPortal>
      <UnstyledButton
        onClick={onSelect}
        aria-label={label}
        data-testid="timeline-bar"
        data-kind={segment.source.kind}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: percent(bar.startMinute),
          width: percent(bar.endMinute - bar.startMinute),
          background: `var(--mantine-color-${SOURCE_COLOURS[segment.source.kind]}-${selected ? 8 : 5})`,
          borderRight: '1px solid white',
          overflow: 'hidden',
          padding: '0 4px',
        }}
      >
        <Text size="xs" c="white" fw={600} truncate>
          {segment.source.name}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}

function SegmentDetail({ segment }: { segment: TimelineSegment }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="timeline-detail">
      <Group gap="xs">
        <Badge color={SOURCE_COLOURS[segment.source.kind]}>{SOURCE_LABELS[segment.source.kind]}</Badge>
        <Text fw={700}>{segment.source.name}</Text>
        <Text size="sm" c="dimmed">
          {segment.start.slice(0, 16).replace('T', ' ')} to {segment.end.slice(0, 16).replace('T', ' ')}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {segment.reason}
      </Text>
      {segment.message !== null && (
        <Text size="sm" mt={4} fs="italic">
          “{segment.message}”
        </Text>
      )}
    </Paper>
  );
}

/** The screen's day or week, coloured by what shows (emergency, schedule, default, idle), each part saying why. */
export function ScreenTimeline({ screenId, zone }: { screenId: string; zone: string }) {
  const range = useTimelineRange(zone);
  const timeline = useScreenTimeline(screenId, range.from, range.to);
  const [selected, setSelected] = useState<TimelineSegment | null>(null);
  const rows = timelineRows(timeline.data?.segments ?? [], range.first, range.days);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <SegmentedControl
            aria-label="Span"
            value={range.mode}
            onChange={(mode) => range.setMode(mode as TimelineMode)}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
          />
          <Button size="xs" variant="default" onClick={range.previous} aria-label="Earlier">
            ‹
          </Button>
          <Button size="xs" variant="default" onClick={range.reset}>
            Today
          </Button>
          <Button size="xs" variant="default" onClick={range.next} aria-label="Later">
            ›
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Times in the screen&apos;s zone, <strong>{timeline.data?.timezone ?? zone}</strong>
        </Text>
      </Group>
      {timeline.isPending && <Loader size="sm" />}
      {timeline.error !== null && <QueryError error={timeline.error} title="Could not load the timeline" />}
      <Paper withBorder radius="md" p="sm">
        <Box style={{ display: 'grid', gridTemplateColumns: '92px 1fr', rowGap: 6 }}>
          <span />
          <Box style={{ position: 'relative', height: 16 }}>
            {HOUR_TICKS.map((hour) => (
              <Text
                key={hour}
                size="xs"
                c="dimmed"
                style={{ position: 'absolute', left: percent(hour * 60) }}
              >
                {String(hour).padStart(2, '0')}:00
              </Text>
            ))}
          </Box>
          {rows.map((row) => (
            <Box key={row.date} style={{ display: 'contents' }}>
              <Text size="sm" fw={row.date === range.today ? 700 : 400}>
                {new Date(`${row.date}T12:00:00Z`).toLocaleDateString(undefined, {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  timeZone: 'UTC',
                })}
              </Text>
              <Box
                data-testid={`timeline-day-${row.date}`}
                style={{
                  position: 'relative',
                  height: 30,
                  borderRadius: 4,
                  overflow: 'hidden',
                  background: 'var(--mantine-color-gray-1)',
                }}
              >
                {row.bars.map((bar) => (
                  <Bar
                    key={`${bar.segment.start}-${bar.startMinute}`}
                    bar={bar}
                    selected={selected === bar.segment}
                    onSelect={() => setSelected(bar.segment)}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Group gap="md" mt="sm">
          {Object.entries(SOURCE_LABELS).map(([kind, label]) => (
            <Group key={kind} gap={4}>
              <Box
                w={12}
                h={12}
                style={{
                  borderRadius: 3,
                  background: `var(--mantine-color-${SOURCE_COLOURS[kind as keyof typeof SOURCE_COLOURS]}-5)`,
                }}
              />
              <Text size="xs">{label}</Text>
            </Group>
          ))}
        </Group>
      </Paper>
      {selected !== null ? (
        <SegmentDetail segment={selected} />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a part of the timeline to see why it plays.
        </Text>
      )}
    </Stack>
  );
}
