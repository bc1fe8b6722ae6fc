// A screen's timeline as the studio reads it: what it shows between two instants and why, segment by segment, in
// the screen's zone (docs/schedules.md §API).

import { z } from 'zod';
import { InstantSchema } from './overrides';

/** The longest span one timeline request covers. */
export const MAX_TIMELINE_SPAN_MS = 31 * 24 * 60 * 60 * 1000;
/** The span without from/to: the next 24 hours. */
export const DEFAULT_TIMELINE_SPAN_MS = 24 * 60 * 60 * 1000;

export const TimelineQuerySchema = z.object({
  /** ISO 8601 with offset (or epoch ms); default now. */
  from: InstantSchema.optional(),
  /** Default from + 24 h; after from, at most 31 days later. */
  to: InstantSchema.optional(),
});
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;

export const SOURCE_KINDS = ['override', 'schedule', 'default', 'idle'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** What a screen shows: an override, a schedule, its default content or the idle screen. */
export const TimelineSourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  /** The override, schedule or default playlist; null for the screen's own items and idle. */
  id: z.string().nullable(),
  name: z.string(),
});
export type TimelineSource = z.output<typeof TimelineSourceSchema>;

export const TimelineSegmentSchema = z.object({
  /** ISO 8601 with the screen's offset at that instant. */
  start: z.string(),
  end: z.string(),
  source: TimelineSourceSchema,
  /** The first of playlistIds; null for the screen's own items, idle and a message. */
  playlistId: z.string().nullable(),
  /** Every playlist playing, in order (several schedules of equal priority). */
  playlistIds: z.array(z.string()),
  /** An override's message. */
  message: z.string().nullable(),
  /** Why this source won ('priority 20 beats 'Lunch' (10)'). */
  reason: z.string(),
});
export type TimelineSegment = z.output<typeof TimelineSegmentSchema>;

export const TimelineAnswerSchema = z.object({
  /** The zone the screen's times are in (effective: pinned, the player's, or UTC). */
  timezone: z.string(),
  /** The content version the timeline was last issued with. */
  version: z.number(),
  segments: z.array(TimelineSegmentSchema),
});
export type TimelineAnswer = z.output<typeof TimelineAnswerSchema>;
