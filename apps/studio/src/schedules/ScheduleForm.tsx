import {
  Button,
  Chip,
  Group as Row,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { DayName, Group, NamedRef, Playlist } from '../api/types';
import { ApiForm } from '../common/ApiForm';
import { DAY_LABELS, DAYS, MAX_PRIORITY, MIN_PRIORITY } from '../constants';
import { ContentPicker } from '../common/ContentPicker';
import { TargetsInput } from '../targets/TargetsInput';
import { OverlapList } from './OverlapList';
import { scheduleZoneOptions } from './timeZones';
import type { ScheduleEditor } from './useScheduleEditor';

export interface ScheduleFormProps {
  editor: ScheduleEditor;
  playlists: Playlist[];
  layouts: readonly NamedRef[];
  groups: Group[];
}

export function ScheduleForm({ editor, playlists, layouts, groups }: ScheduleFormProps) {
  const { values, errors, set } = editor;
  return (
    <ApiForm
      onSubmit={editor.save}
      error={errors.form}
      actions={
        <Row justify="space-between">
          {editor.existing ? (
            <Button color="red" variant="subtle" onClick={editor.remove} loading={editor.deleting}>
              Delete schedule
            </Button>
          ) : (
            <span />
          )}
          <Row gap="xs">
            <Button variant="default" onClick={editor.checkOverlaps} loading={editor.checking}>
              Check overlaps
            </Button>
            <Button type="submit" loading={editor.saving}>
              Save schedule
            </Button>
          </Row>
        </Row>
      }
    >
      <TextInput
        label="Name"
        placeholder="Breakfast menu"
        value={values.name}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        data-autofocus
      />
      <ContentPicker
        kind={values.show}
        playlistId={values.playlistId}
        layoutId={values.layoutId}
        playlists={playlists}
        layouts={layouts}
        playlistError={errors.playlistId}
        layoutError={errors.layoutId}
        onKind={(show) => set('show', show)}
        onPlaylist={(playlistId) => set('playlistId', playlistId)}
        onLayout={(layoutId) => set('layoutId', layoutId)}
      />
      <TargetsInput
        value={values.targets}
        groups={groups}
        error={errors.targets}
        onChange={(t) => set('targets', t)}
      />
      <NumberInput
        label="Priority"
        description={`${MIN_PRIORITY}-${MAX_PRIORITY}: where schedules meet, the higher plays`}
        min={MIN_PRIORITY}
        max={MAX_PRIORITY}
        allowDecimal={false}
        value={values.priority}
        error={errors.priority}
        onChange={(priority) => set('priority', priority)}
        w={260}
      />
      <SimpleGrid cols={2}>
        <TextInput
          type="date"
          label="First day"
          value={values.startsOn}
          error={errors.startsOn}
          onChange={(event) => set('startsOn', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Last day"
          description="Empty: no end"
          value={values.endsOn}
          error={errors.endsOn}
          onChange={(event) => set('endsOn', event.currentTarget.value)}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Days
        </Text>
        <Chip.Group multiple value={values.days} onChange={(days) => set('days', days as DayName[])}>
          <Row gap={6}>
            {DAYS.map((day) => (
              <Chip key={day} value={day} size="xs">
                {DAY_LABELS[day]}
              </Chip>
            ))}
          </Row>
        </Chip.Group>
        {errors.days !== undefined && (
          <Text c="red" size="xs">
            {errors.days}
          </Text>
        )}
      </Stack>
      <Switch
        label="All day"
        checked={values.allDay}
        onChange={(event) => set('allDay', event.currentTarget.checked)}
      />
      {!values.allDay && (
        <SimpleGrid cols={2}>
          <TextInput
            type="time"
            label="From"
            value={values.from}
            error={errors.from}
            onChange={(event) => set('from', event.currentTarget.value)}
          />
          <TextInput
            type="time"
            label="To"
            description="At or before From: runs overnight"
            value={values.to}
            error={errors.to}
            onChange={(event) => set('to', event.currentTarget.value)}
          />
        </SimpleGrid>
      )}
      <Select
        label="Time zone"
        data={scheduleZoneOptions()}
        value={values.timezone}
        error={errors.timezone}
        onChange={(zone) => zone !== null && set('timezone', zone)}
        searchable
        allowDeselect={false}
        limit={50}
      />
      {editor.overlaps !== null && <OverlapList overlaps={editor.overlaps} />}
    </ApiForm>
  );
}
