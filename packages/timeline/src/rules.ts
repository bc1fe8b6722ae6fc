// The rules a screen's timeline is resolved from (docs/schedules.md §Time rules): schedules in local time,
// emergency overrides in absolute time, and the screen's default content.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Priorities run from 0 to this; the higher wins. */
export const SCHEDULE_PRIORITY_MAX = 99;

export interface ScheduleRule {
  id: string;
  name: string;
  /** Key of the content this schedule plays: a playlist's or a layout's id (docs/layouts.md). */
  playlistId: string;
  /** 0..99, higher wins. */
  priority: number;
  /** 'YYYY-MM-DD' local, inclusive: the first day an occurrence may START. */
  startsOn: string;
  /** Inclusive; null = open-ended. */
  endsOn: string | null;
  /** null = every day; filters the day an occurrence STARTS. */
  days: Weekday[] | null;
  /** 'HH:MM' local; null = 00:00. */
  from: string | null;
  /**
   * 'HH:MM' local or '24:00'; null = 24:00. Half-open [from, to). A `to` at or before `from` (and not null or
   * '24:00') runs overnight into the next day and belongs to the day it starts; 00:00 to 00:00 is the whole day.
   */
  to: string | null;
  /** An IANA zone, or null = the screen's zone. */
  timezone: string | null;
}

export interface OverrideRule {
  id: string;
  name: string;
  /** Exactly one of playlistId and message is set. */
  playlistId: string | null;
  /** Full-screen text. */
  message: string | null;
  /** Epoch ms (when it was created). */
  startsAt: number;
  /** Epoch ms. */
  expiresAt: number;
}

export interface DefaultContent {
  id: string;
  name: string;
  playlistId: string;
}

export interface TimelineRules {
  /** The screen's IANA zone. */
  timezone: string;
  schedules: ScheduleRule[];
  overrides: OverrideRule[];
  /** The screen's default content, shown when no schedule is active; null = none (then the idle screen). */
  defaultContent: DefaultContent | null;
}
