import type { PointerEvent } from 'react';
import { Box, Paper, Text, UnstyledButton } from '@mantine/core';
import type { Schedule } from '../api/types';
import { CALENDAR_HOUR_PX, DAY_LABELS, DAYS } from '../constants';
import { shownContent } from '../common/shownContent';
import { addDays, timeOf } from './calendarDates';
import type { CalendarBlock } from './weekBlocks';
import type { DragWindow } from './useDragToCreate';

type ColumnHandlers = Record<
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel',
  (event: PointerEvent<HTMLElement>) => void
>;

export interface WeekCalendarProps {
  weekStart: string;
  today: string;
  zone: string;
  blocks: CalendarBlock[];
  colours: ReadonlyMap<string, string>;
  dragging: DragWindow | null;
  columnProps(day: number): ColumnHandlers;
  onOpen(schedule: Schedule): void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const GUTTER = 52;
const DAY_HEIGHT = 24 * CALENDAR_HOUR_PX;
const px = (minutes: number) => (minutes / 60) * CALENDAR_HOUR_PX;

function Block({ block, colour, onOpen }: { block: CalendarBlock; colour: string; onOpen(): void }) {
  const { schedule } = block;
  const span = `${timeOf(block.startMinute)}–${block.endMinute === 1440 ? '24:00' : timeOf(block.endMinute)}`;
  return (
    <UnstyledButton
      onClick={onOpen}
      data-testid="calendar-block"
      title={`${schedule.name}: ${shownContent(schedule)?.name ?? ''}, ${span}, priority ${schedule.priority}`}
      style={{
        position: 'absolute',
        top: px(block.startMinute),
        height: Math.max(px(block.endMinute - block.startMinute) - 2, 14),
        left: 3,
        right: 3,
        overflow: 'hidden',
        padding: '2px 6px',
        borderRadius: block.continued ? '0 0 6px 6px' : block.continues ? '6px 6px 0 0' : 6,
        background: `var(--mantine-color-${colour}-6)`,
        color: 'white',
        opacity: schedule.ended ? 0.5 : 1,
        zIndex: 1,
      }}
    >
      <Text size="xs" fw={700} lh={1.2} truncate>
        {schedule.name}
      </Text>
      <Text size="xs" lh={1.2} truncate>
        {span} · {shownContent(schedule)?.name}
      </Text>
    </UnstyledButton>
  );
}

/** Seven days of one week, hour by hour: the schedules' windows, and the window being dragged. */
export function WeekCalendar({
  weekStart,
  today,
  zone,
  blocks,
  colours,
  dragging,
  columnProps,
  onOpen,
}: WeekCalendarProps) {
  const columns = `${GUTTER}px repeat(7, minmax(90px, 1fr))`;
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }} aria-label="Week calendar" role="grid">
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: columns,
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Text size="xs" c="dimmed" p={4} ta="center" title={`Times in ${zone}`}>
          {zone.split('/').at(-1)?.replace(/_/g, ' ')}
        </Text>
        {DAYS.map((day, index) => {
          const date = addDays(weekStart, index);
          return (
            <Text
              key={day}
              size="sm"
              fw={date === today ? 700 : 500}
              c={date === today ? 'indigo' : undefined}
              ta="center"
              py={6}
              role="columnheader"
            >
              {DAY_LABELS[day]} {Number(date.slice(8))}
            </Text>
          );
        })}
      </Box>
      <Box style={{ display: 'grid', gridTemplateColumns: columns, position: 'relative' }}>
        <Box style={{ position: 'relative', height: DAY_HEIGHT }}>
          {HOURS.map((hour) => (
            <Text
              key={hour}
              size="xs"
              c="dimmed"
              ta="right"
              pr={6}
              style={{ position: 'absolute', top: px(hour * 60) - 7, right: 0 }}
            >
              {hour === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
            </Text>
          ))}
        </Box>
        {DAYS.map((day, index) => (
          <Box
            key={day}
            data-testid={`calendar-day-${day}`}
            {...columnProps(index)}
            style={{
              position: 'relative',
              height: DAY_HEIGHT,
              borderLeft: '1px solid var(--mantine-color-gray-3)',
              backgroundImage: `repeating-linear-gradient(to bottom, transparent 0 ${CALENDAR_HOUR_PX - 1}px, var(--mantine-color-gray-2) ${CALENDAR_HOUR_PX - 1}px ${CALENDAR_HOUR_PX}px)`,
              cursor: 'crosshair',
              touchAction: 'none',
              userSelect: 'none',
            }}
          >
            {blocks
              .filter((block) => block.day === index)
              .map((block) => (
                <Block
                  key={`${block.schedule.id}-${block.startMinute}`}
                  block={block}
                  colour={colours.get(shownContent(block.schedule)?.id ?? '') ?? 'gray'}
                  onOpen={() => onOpen(block.schedule)}
                />
              ))}
            {dragging?.day === index && (
              <Box
                data-testid="calendar-drag"
                style={{
                  position: 'absolute',
                  top: px(dragging.startMinute),
                  height: px(dragging.endMinute - dragging.startMinute),
                  left: 3,
                  right: 3,
                  borderRadius: 6,
                  border: '2px dashed var(--mantine-color-indigo-6)',
                  background: 'var(--mantine-color-indigo-1)',
                  pointerEvents: 'none',
                  zIndex: 2,
                }}
              >
                <Text size="xs" fw={600} c="indigo.8" px={6}>
                  {timeOf(dragging.startMinute)}–
                  {dragging.endMinute === 1440 ? '24:00' : timeOf(dragging.endMinute)}
                </Text>
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
