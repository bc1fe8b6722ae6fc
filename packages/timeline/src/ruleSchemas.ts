// The rules as they cross a wire (docs/schedules.md §Time rules): the server checks what it stores, a player what
// it receives. zod/mini, like every browser-facing schema of @marquee/protocol, to keep the player small.

import * as z from 'zod/mini';
import {
  ID_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  TimestampMsSchema,
  isValidTimeZone,
  nonEmptyString,
} from '@marquee/protocol';
import { isLocalDate, isLocalTime } from './localDateTime';
import {
  SCHEDULE_PRIORITY_MAX,
  WEEKDAYS,
  type DefaultContent,
  type OverrideRule,
  type ScheduleRule,
  type TimelineRules,
} from './rules';

/** The longest zone name taken (IANA names run to about 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;
/** The longest override message: a few sentences on a screen, not a page. */
export const OVERRIDE_MESSAGE_MAX_LENGTH = 500;
/** Most schedules on one screen: far above a real week's dayparts, and what the engine is measured with. */
export const TIMELINE_MAX_SCHEDULES = 1000;
/** Most overrides on one screen at once. */
export const TIMELINE_MAX_OVERRIDES = 100;

export const TimeZoneSchema = z
  .string()
  .check(
    z.maxLength(TIME_ZONE_MAX_LENGTH),
    z.refine(isValidTimeZone, "must be an IANA time zone such as 'Europe/London'"),
  );

export const LocalDateSchema = z
  .string()
  .check(z.refine(isLocalDate, 'must be a real date written YYYY-MM-DD'));

export const StartTimeSchema = z
  .string()
  .check(z.refine((value) => isLocalTime(value), 'must be a time written HH:MM, 00:00 to 23:59'));

export const EndTimeSchema = z
  .string()
  .check(z.refine((value) => isLocalTime(value, 'to'), 'must be a time written HH:MM, 00:00 to 24:00'));

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

export const ScheduleRuleSchema = z
  .object({
    id: nonEmptyString(ID_MAX_LENGTH),
    name: nonEmptyString(LABEL_MAX_LENGTH),
    playlistId: nonEmptyString(ID_MAX_LENGTH),
    priority: z.int().check(z.gte(0), z.lte(SCHEDULE_PRIORITY_MAX)),
    startsOn: LocalDateSchema,
    endsOn: z.nullable(LocalDateSchema),
    days: z.nullable(
      z
        .array(z.enum(WEEKDAYS))
        .check(z.minLength(1), z.maxLength(WEEKDAYS.length), z.refine(unique, 'must not name a day twice')),
    ),
    from: z.nullable(StartTimeSchema),
    to: z.nullable(EndTimeSchema),
    timezone: z.nullable(TimeZoneSchema),
  })
  .check(
    // Both are 'YYYY-MM-DD', so text order is date order.
    z.refine((rule) => rule.endsOn === null || rule.endsOn >= rule.startsOn, {
      message: 'must not be before startsOn',
      path: ['endsOn'],
    }),
  );

export const OverrideRuleSchema = z
  .object({
    id: nonEmptyString(ID_MAX_LENGTH),
    name: nonEmptyString(LABEL_MAX_LENGTH),
    playlistId: z.nullable(nonEmptyString(ID_MAX_LENGTH)),
    message: z.nullable(nonEmptyString(OVERRIDE_MESSAGE_MAX_LENGTH)),
    startsAt: TimestampMsSchema,
    expiresAt: TimestampMsSchema,
  })
  .check(
    z.refine((rule) => (rule.playlistId === null) !== (rule.message === null), {
      message: 'exactly one of playlistId and message must be set',
      path: ['message'],
    }),
    z.refine((rule) => rule.expiresAt > rule.startsAt, {
      message: 'must be after startsAt',
      path: ['expiresAt'],
    }),
  );

export const DefaultContentSchema = z.object({
  id: nonEmptyString(ID_MAX_LENGTH),
  name: nonEmptyString(LABEL_MAX_LENGTH),
  playlistId: nonEmptyString(ID_MAX_LENGTH),
});

const ids = (rules: readonly { id: string }[]) => rules.map((rule) => rule.id);

export const TimelineRulesSchema = z.object({
  timezone: TimeZoneSchema,
  schedules: z.array(ScheduleRuleSchema).check(
    z.maxLength(TIMELINE_MAX_SCHEDULES),
    z.refine((rules) => unique(ids(rules)), 'schedule ids must be unique'),
  ),
  overrides: z.array(OverrideRuleSchema).check(
    z.maxLength(TIMELINE_MAX_OVERRIDES),
    z.refine((rules) => unique(ids(rules)), 'override ids must be unique'),
  ),
  defaultContent: z.nullable(DefaultContentSchema),
});

// The schemas parse to exactly the hand-written types of rules.ts (a type error here otherwise).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
type _SchemasMatchTypes = Holds<
  [
    Same<z.infer<typeof ScheduleRuleSchema>, ScheduleRule>,
    Same<z.infer<typeof OverrideRuleSchema>, OverrideRule>,
    Same<z.infer<typeof DefaultContentSchema>, DefaultContent>,
    Same<z.infer<typeof TimelineRulesSchema>, TimelineRules>,
  ] extends [true, true, true, true]
    ? true
    : false
>;
