// A schedule as its form holds it, and the body the API takes (docs/schedules.md §Model): a playlist or a layout on some
// screens, from a first to a last local date, on some days, in a daily window [from, to) (to at or before from
// runs overnight), in each screen's own zone or a named one. Pure, so its rules are tested without a browser.

import { isValidTimeZone } from '@marquee/protocol';
import type { DayName, Schedule, ScheduleRequest } from '../api/types';
import { DAYS, DEFAULT_PRIORITY, MAX_PRIORITY, MIN_PRIORITY, SCREEN_ZONE } from '../constants';
import type { FieldErrors } from '../common/fieldErrors';
import type { ContentKind } from '../common/shownContent';
import { nameProblem } from '../common/names';
import { addDays, timeOf } from './calendarDates';
import type { DragWindow } from './useDragToCreate';
import { NO_TARGETS, targetsInputOf, targetsProblem, type TargetsValue } from '../targets/targets';

export interface ScheduleValues {
  name: string;
  /** A playlist or a layout (docs/layouts.md): the id of the one shown is sent. */
  show: ContentKind;
  playlistId: string | null;
  layoutId: string | null;
  targets: TargetsValue;
  priority: number | string;
  startsOn: string;
  /** '' = no end. */
  endsOn: string;
  /** Every day = all seven. */
  days: DayName[];
  allDay: boolean;
  from: string;
  to: string;
  /** 'screen' or an IANA zone. */
  timezone: string;
}

/** The fields of the form, named as the API names them, so a refusal lands on its field. */
export const SCHEDULE_FIELDS = [
  'name',
  'playlistId',
  'layoutId',
  'targets',
  'priority',
  'startsOn',
  'endsOn',
  'days',
  'from',
  'to',
  'timezone',
] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MINUTES_PER_DAY = 24 * 60;

export interface Prefill {
  date: string;
  day: DayName;
  /** A drag down the whole day (00:00 to 24:00) is all day: as times, from and to would be the same. */
  allDay: boolean;
  from: string;
  to: string;
}

/** The form's start for a window dragged on the calendar in the week starting on `weekStart`. */
export function prefillOf(window: DragWindow, weekStart: string): Prefill {
  return {
    date: addDays(weekStart, window.day),
    day: DAYS[window.day]!,
    allDay: window.endMinute - window.startMinute >= MINUTES_PER_DAY,
    from: timeOf(window.startMinute),
    to: timeOf(window.endMinute),
  };
}

export function newScheduleValues(today: string, prefill: Prefill | null): ScheduleValues {
  return {
    name: '',
    show: 'playlist',
    playlistId: null,
    layoutId: null,
    targets: NO_TARGETS,
    priority: DEFAULT_PRIORITY,
    startsOn: prefill?.date ?? today,
    endsOn: '',
    days: prefill === null ? [...DAYS] : [prefill.day],
    allDay: prefill === null || prefill.allDay,
    from: prefill === null || prefill.allDay ? '09:00' : prefill.from,
    to: prefill === null || prefill.allDay ? '17:00' : prefill.to,
    timezone: SCREEN_ZONE,
  };
}

export function scheduleValuesOf(schedule: Schedule): ScheduleValues {
  return {
    name: schedule.name,
    show: schedule.layout === null ? 'playlist' : 'layout',
    playlistId: schedule.playlist?.id ?? null,
    layoutId: schedule.layout?.id ?? null,
    targets: schedule.targets,
    priority: schedule.priority,
    startsOn: schedule.startsOn,
    endsOn: schedule.endsOn ?? '',
    days: schedule.days ?? [...DAYS],
    allDay: schedule.from === null,
    from: schedule.from ?? '09:00',
    to: schedule.to ?? '17:00',
    timezone: schedule.timezone,
  };
}

/** Whether a date exists ('2026-02-30' does not). */
function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export type ScheduleCheck = { ok: true; body: ScheduleRequest } | { ok: false; errors: FieldErrors };

export function checkSchedule(values: ScheduleValues): ScheduleCheck {
  const errors: FieldErrors = {};
  const name = nameProblem(values.name, 'Breakfast menu');
  if (name !== null) errors.name = name;
  if (values.show === 'playlist' && values.playlistId === null)
    errors.playlistId = 'Choose the playlist to show';
  if (values.show === 'layout' && values.layoutId === null) errors.layoutId = 'Choose the layout to show';
  const targets = targetsProblem(values.targets);
  if (targets !== null) errors.targets = targets;
  const priority = Number(values.priority);
  if (
    values.priority === '' ||
    !Number.isInteger(priority) ||
    priority < MIN_PRIORITY ||
    priority > MAX_PRIORITY
  )
    errors.priority = `A whole number from ${MIN_PRIORITY} to ${MAX_PRIORITY}`;
  if (!isDate(values.startsOn)) errors.startsOn = 'Choose the first day';
  if (values.endsOn !== '' && !isDate(values.endsOn)) errors.endsOn = 'Choose a real date, or none';
  else if (values.endsOn !== '' && errors.startsOn === undefined && values.endsOn < values.startsOn)
    errors.endsOn = 'The last day is before the first';
  if (values.days.length === 0) errors.days = 'Choose at least one day';
  if (!values.allDay) {
    if (!TIME.test(values.from)) errors.from = 'A time HH:MM';
    if (!TIME.test(values.to)) errors.to = 'A time HH:MM';
    else if (values.to === values.from)
      errors.to = 'From and to are the same: choose All day for a whole day';
  }
  if (values.timezone !== SCREEN_ZONE && !isValidTimeZone(values.timezone))
    errors.timezone = "Choose the screens' own time zone, or a time zone such as Europe/London";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      ...(values.show === 'playlist'
        ? { playlistId: values.playlistId as string }
        : { layoutId: values.layoutId as string }),
      targets: targetsInputOf(values.targets),
      priority,
      startsOn: values.startsOn,
      endsOn: values.endsOn === '' ? null : values.endsOn,
      days: values.days.length === DAYS.length ? null : DAYS.filter((day) => values.days.includes(day)),
      from: values.allDay ? null : values.from,
      to: values.allDay ? null : values.to,
      timezone: values.timezone,
    },
  };
}

/** When a schedule runs, in a few words: 'Mon–Fri 06:00–11:00', 'Every day, all day'. */
export function describeWhen(schedule: Pick<Schedule, 'days' | 'from' | 'to'>): string {
  const days = schedule.days ?? DAYS;
  const dayText =
    days.length === DAYS.length
      ? 'Every day'
      : days.map((day) => day.charAt(0).toUpperCase() + day.slice(1)).join(', ');
  const time = schedule.from === null || schedule.to === null ? 'all day' : `${schedule.from}–${schedule.to}`;
  return `${dayText}, ${time}`;
}
