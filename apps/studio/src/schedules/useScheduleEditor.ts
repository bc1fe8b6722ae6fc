// Creating or changing a schedule: the form's values, checked before they are sent, the server's refusal shown on
// the field it names, the equal-priority overlap check (POST /schedules/validate), and deleting.

import { useState } from 'react';
import { useCheckOverlaps, useDeleteSchedule, useSaveSchedule } from '../api/schedules';
import type { Schedule, ScheduleOverlaps } from '../api/types';
import { useApiForm } from '../common/useApiForm';
import {
  SCHEDULE_FIELDS,
  checkSchedule,
  newScheduleValues,
  scheduleValuesOf,
  type Prefill,
  type ScheduleValues,
} from './scheduleDraft';

export interface ScheduleEditorInput {
  schedule: Schedule | null;
  prefill: Prefill | null;
  today: string;
  onDone(): void;
}

export function useScheduleEditor({ schedule, prefill, today, onDone }: ScheduleEditorInput) {
  const form = useApiForm<ScheduleValues>(
    () => (schedule === null ? newScheduleValues(today, prefill) : scheduleValuesOf(schedule)),
    SCHEDULE_FIELDS,
  );
  const { values, errors, setErrors, refused } = form;
  const [overlaps, setOverlaps] = useState<ScheduleOverlaps | null>(null);
  const save = useSaveSchedule();
  const check = useCheckOverlaps();
  const remove = useDeleteSchedule();

  /** The body to send, or null after showing what is wrong. */
  const body = () => {
    const checked = checkSchedule(values);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? checked.body : null;
  };

  return {
    values,
    errors,
    overlaps,
    existing: schedule !== null,
    saving: save.isPending,
    checking: check.isPending,
    deleting: remove.isPending,
    set<K extends keyof ScheduleValues>(name: K, value: ScheduleValues[K]) {
      form.set(name, value);
      setOverlaps(null);
    },
    save() {
      const request = body();
      if (request !== null)
        save.mutate({ id: schedule?.id ?? null, body: request }, { onSuccess: onDone, onError: refused });
    },
    checkOverlaps() {
      const request = body();
      if (request !== null) check.mutate(request, { onSuccess: setOverlaps, onError: refused });
    },
    remove() {
      if (schedule !== null) remove.mutate(schedule.id, { onSuccess: onDone, onError: refused });
    },
  };
}

export type ScheduleEditor = ReturnType<typeof useScheduleEditor>;
