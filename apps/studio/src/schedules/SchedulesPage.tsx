import { useState } from 'react';
import { Badge, Button, Group as Row, Select, Stack, Table, Text } from '@mantine/core';
import { useGroups } from '../api/groups';
import { usePlaylists } from '../api/playlists';
import { useSchedules } from '../api/schedules';
import type { Schedule } from '../api/types';
import { SCREEN_ZONE } from '../constants';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { shownContent } from '../common/shownContent';
import { describeTargets } from '../targets/targets';
import { addDays } from './calendarDates';
import { playlistColours } from './playlistColours';
import { describeWhen, prefillOf, type Prefill } from './scheduleDraft';
import { ScheduleDialog } from './ScheduleDialog';
import { SCREEN_ZONE_LABEL, zoneNames } from './timeZones';
import { useDragToCreate } from './useDragToCreate';
import { useWeek } from './useWeek';
import { WeekCalendar } from './WeekCalendar';
import { weekBlocks } from './weekBlocks';
import { Allowed } from '../access/Allowed';

/** The dialog open: a schedule to change, or a new one (prefilled from a drag); undefined when none is. */
type Editing = { schedule: Schedule | null; prefill: Prefill | null } | undefined;

export function SchedulesPage() {
  const schedules = useSchedules();
  const playlists = usePlaylists();
  const groups = useGroups();
  const week = useWeek();
  const [editing, setEditing] = useState<Editing>(undefined);
  const drag = useDragToCreate((window) =>
    setEditing({ schedule: null, prefill: prefillOf(window, week.weekStart) }),
  );
  const colours = playlistColours(playlists.data ?? []);
  const groupNames = new Map((groups.data ?? []).map((group) => [group.id, group.name]));
  const newButton = (
    <Allowed route="createSchedule" what="add schedules">
      <Button onClick={() => setEditing({ schedule: null, prefill: null })}>New schedule</Button>
    </Allowed>
  );
  const weekEnd = addDays(week.weekStart, 6);

  return (
    <Stack gap="md">
      <PageHeader
        title="Schedules"
        description="Which playlist plays where and when. Where schedules meet, the higher priority plays."
        actions={newButton}
      />
      {editing !== undefined && (
        <ScheduleDialog
          schedule={editing.schedule}
          prefill={editing.prefill}
          today={week.today}
          playlists={playlists.data ?? []}
          groups={groups.data ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
      <Row justify="space-between" align="flex-end">
        <Row gap="xs" align="center">
          <Button variant="default" size="xs" onClick={week.previous} aria-label="Previous week">
            ‹
          </Button>
          <Button variant="default" size="xs" onClick={week.thisWeek}>
            This week
          </Button>
          <Button variant="default" size="xs" onClick={week.next} aria-label="Next week">
            ›
          </Button>
          <Text fw={600} ml="xs" data-testid="calendar-week">
            {week.weekStart} to {weekEnd}
          </Text>
        </Row>
        <Select
          label="Times in"
          data={zoneNames()}
          value={week.zone}
          onChange={(zone) => zone !== null && week.setZone(zone)}
          searchable
          allowDeselect={false}
          limit={50}
          w={240}
        />
      </Row>
      <Text size="sm" c="dimmed">
        Times are in <strong>{week.zone}</strong>. Schedules in {SCREEN_ZONE_LABEL.toLowerCase()} show at
        their own times. Drag down a day to create a window.
      </Text>
      <QueryStatus query={schedules} title="Could not load your schedules" />
      <WeekCalendar
        weekStart={week.weekStart}
        today={week.today}
        zone={week.zone}
        blocks={weekBlocks(schedules.data ?? [], week.weekStart, week.zone)}
        colours={colours}
        dragging={drag.dragging}
        columnProps={drag.columnProps}
        onOpen={(schedule) => setEditing({ schedule, prefill: null })}
      />
      <ListTable
        items={schedules.data}
        label="Schedules"
        headers={['Schedule', 'Shows', 'When', 'Dates', 'Screens', 'Priority', 'Time zone']}
        spacing="xs"
        empty={
          <EmptyState title="No schedules yet" action={newButton}>
            Drag down a day of the calendar to show a playlist at that time, every week.
          </EmptyState>
        }
      >
        {(schedule) => (
          <Table.Tr
            key={schedule.id}
            onClick={() => setEditing({ schedule, prefill: null })}
            style={{ cursor: 'pointer', opacity: schedule.ended ? 0.55 : 1 }}
          >
            <Table.Td fw={600}>{schedule.name}</Table.Td>
            <Table.Td>
              <Badge
                color={colours.get(shownContent(schedule)?.id ?? '') ?? 'gray'}
                variant="light"
                tt="none"
              >
                {shownContent(schedule)?.name}
              </Badge>
            </Table.Td>
            <Table.Td>{describeWhen(schedule)}</Table.Td>
            <Table.Td>
              {schedule.startsOn} to {schedule.endsOn ?? 'no end'}
              {schedule.ended && ' (ended)'}
            </Table.Td>
            <Table.Td>{describeTargets(schedule.targets, groupNames)}</Table.Td>
            <Table.Td>{schedule.priority}</Table.Td>
            <Table.Td>{schedule.timezone === SCREEN_ZONE ? "Screen's own" : schedule.timezone}</Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
