import { Modal } from '@mantine/core';
import { useLayouts } from '../api/layouts';
import type { Group, Playlist, Schedule } from '../api/types';
import type { Prefill } from './scheduleDraft';
import { ScheduleForm } from './ScheduleForm';
import { useScheduleEditor } from './useScheduleEditor';
import { AllowedFieldset } from '../access/AllowedFieldset';

export interface ScheduleDialogProps {
  schedule: Schedule | null;
  prefill: Prefill | null;
  today: string;
  playlists: Playlist[];
  groups: Group[];
  onClose(): void;
}

export function ScheduleDialog({
  schedule,
  prefill,
  today,
  playlists,
  groups,
  onClose,
}: ScheduleDialogProps) {
  const editor = useScheduleEditor({ schedule, prefill, today, onDone: onClose });
  const layouts = useLayouts();
  return (
    <Modal
      opened
      onClose={onClose}
      title={schedule === null ? 'New schedule' : `Edit ${schedule.name}`}
      size="lg"
    >
      <AllowedFieldset route="updateSchedule" what="change schedules">
        <ScheduleForm editor={editor} playlists={playlists} layouts={layouts.data ?? []} groups={groups} />
      </AllowedFieldset>
    </Modal>
  );
}
