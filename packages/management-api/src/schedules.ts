// Schedules: a playlist or a layout on the targeted screens over a range of local dates, on some days of the week, in a daily
// window [from, to) (to <= from runs overnight into the next day), in the screen's own zone or a named one. Higher
// priority wins; equal priorities play one after another (docs/schedules.md §Model).

import { z } from 'zod';
import { LayoutIdSchema, PlaylistIdSchema } from './ids';
import { NamedRefSchema, TargetsSchema, TargetsViewSchema } from './targets';
import { TimeZoneSchema } from './timeZone';

export const SCHEDULE_NAME_MAX_LENGTH = 120;
export const MIN_PRIORITY = 0;
export const MAX_PRIORITY = 99;
export const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayName = (typeof DAY_NAMES)[number];
/** timezone: 'screen', the default, follows each screen's own zone. */
export const SCREEN_TIME_ZONE = 'screen';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a calendar date that exists ('2026-02-30' does not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A local date, 'YYYY-MM-DD', that exists. */
export const LocalDateSchema = z.string().max(10).refine(isCalendarDate, 'must be a real date, YYYY-MM-DD');
/** A local time of day, 'HH:MM' (00:00-23:59). */
export const LocalTimeSchema = z.string().regex(TIME_PATTERN, 'must be a time HH:MM (00:00-23:59)');

const name = z.string().trim().min(1, 'must not be empty').max(SCHEDULE_NAME_MAX_LENGTH);
const days = z
  .array(z.enum(DAY_NAMES))
  .min(1)
  .max(7)
  .transform((list) => DAY_NAMES.filter((day) => list.includes(day)));
const timezone = z.union([z.literal(SCREEN_TIME_ZONE), TimeZoneSchema]);

const scheduleFields = {
  name,
  /** Exactly one of playlistId and layoutId. */
  playlistId: PlaylistIdSchema.optional(),
  layoutId: LayoutIdSchema.optional(),
  targets: TargetsSchema,
  priority: z.int().min(MIN_PRIORITY).max(MAX_PRIORITY),
  startsOn: LocalDateSchema,
  /** The last day (inclusive); null or absent: no end. */
  endsOn: LocalDateSchema.nullable().optional(),
  /** Omitted: every day. */
  days: days.nullable().optional(),
  /** Omitted (both): all day. */
  from: LocalTimeSchema.nullable().optional(),
  to: LocalTimeSchema.nullable().optional(),
  timezone: timezone.optional(),
};

export interface ScheduleWindow {
  startsOn?: string;
  endsOn?: string | null;
  from?: string | null;
  to?: string | null;
}

/**
 * What is wrong across fields, naming the field to blame: an end before the start, a from without a to. The server
 * checks a changed schedule with it once the change is merged.
 */
export function scheduleWindowProblem(schedule: ScheduleWindow): { field: string; message: string } | null {
  const { startsOn, endsOn, from, to } = schedule;
  if (startsOn !== undefined && endsOn != null && endsOn < startsOn) {
    return { field: 'endsOn', message: 'must not be before startsOn' };
  }
  if ((from == null) !== (to == null)) {
    return {
      field: from == null ? 'from' : 'to',
      message: 'from and to go together (both omitted: all day)',
    };
  }
  return null;
}

function checkWindow(schedule: ScheduleWindow, context: z.RefinementCtx): void {
  const problem = scheduleWindowProblem(schedule);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

/** A schedule plays a playlist or a layout: a request names exactly one, a change at most one (it replaces the other). */
function checkContent(
  schedule: { playlistId?: string | undefined; layoutId?: string | undefined },
  context: z.RefinementCtx,
  required: boolean,
): void {
  const given = (schedule.playlistId !== undefined ? 1 : 0) + (schedule.layoutId !== undefined ? 1 : 0);
  if (given > 1 || (required && given === 0)) {
    context.addIssue({
      code: 'custom',
      message: required
        ? 'give exactly one of playlistId and layoutId'
        : 'give playlistId or layoutId, not both',
      path: [schedule.playlistId === undefined ? 'playlistId' : 'layoutId'],
    });
  }
}

export const ScheduleRequestSchema = z.strictObject(scheduleFields).superRefine((schedule, context) => {
  checkContent(schedule, context, true);
  checkWindow(schedule, context);
});
export type ScheduleRequest = z.input<typeof ScheduleRequestSchema>;
export type ScheduleInput = z.output<typeof ScheduleRequestSchema>;

/** A change: any field of the request; the cross-field rules hold for the result (the server checks them). */
export const SchedulePatchSchema = z
  .strictObject({
    name: name.optional(),
    /** Either one replaces the schedule's playlist or layout. */
    playlistId: PlaylistIdSchema.optional(),
    layoutId: LayoutIdSchema.optional(),
    targets: TargetsSchema.optional(),
    priority: scheduleFields.priority.optional(),
    startsOn: LocalDateSchema.optional(),
    endsOn: scheduleFields.endsOn,
    days: scheduleFields.days,
    from: scheduleFields.from,
    to: scheduleFields.to,
    timezone: scheduleFields.timezone,
  })
  .superRefine((patch, context) => checkContent(patch, context, false));
export type SchedulePatch = z.input<typeof SchedulePatchSchema>;
export type SchedulePatchInput = z.output<typeof SchedulePatchSchema>;

export const ScheduleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Exactly one of playlist and layout is set. */
  playlist: NamedRefSchema.nullable(),
  layout: NamedRefSchema.nullable(),
  targets: TargetsViewSchema,
  priority: z.number(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** null: every day. */
  days: z.array(z.enum(DAY_NAMES)).nullable(),
  /** null (both): all day. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** 'screen' or an IANA zone. */
  timezone: z.string(),
  /** Its last window has ended in every zone: it shows nowhere any more. */
  ended: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ScheduleView = z.output<typeof ScheduleViewSchema>;

export const ScheduleListSchema = z.object({ schedules: z.array(ScheduleViewSchema) });

/** POST /schedules/validate: where the schedule would play at once with others of its priority. */
export const ScheduleOverlapsSchema = z.object({
  overlaps: z.array(
    z.object({
      screen: NamedRefSchema,
      /** The schedule of equal priority it would share the screen with. */
      schedule: NamedRefSchema,
      /** ISO 8601 with the screen's offset. */
      start: z.string(),
      end: z.string(),
    }),
  ),
  /** Days looked ahead from today. */
  days: z.number(),
});
export type ScheduleOverlaps = z.output<typeof ScheduleOverlapsSchema>;
