// Proof of play read back (docs/proof-of-play.md §The API): the plays themselves, a page at a time or as CSV, and
// summaries from the hourly rollups. from and to take a date (a local day in each screen's own zone; `to`'s day is
// included) or a date and time with an offset or Z (an instant; `to` excluded).

import { z } from 'zod';
import { GroupIdSchema, PlaylistIdSchema, ScreenIdSchema } from './ids';

export const DEFAULT_PLAYS_PAGE_SIZE = 100;
export const MAX_PLAYS_PAGE_SIZE = 1000;
export const PLAY_SUMMARY_GROUPS = ['item', 'screen', 'day', 'hour'] as const;
export type PlaySummaryGroup = (typeof PLAY_SUMMARY_GROUPS)[number];
export const PLAY_FORMATS = ['json', 'csv'] as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** An opaque position in the listing (what nextCursor answered). */
export const PLAYS_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/;

/** A bound of a report: a local date, or an instant. */
export type PlayBound = { kind: 'date'; date: string } | { kind: 'instant'; at: number };

/** The bound `text` names; null when it is neither a real date nor a date and time with an offset. */
export function parsePlayBound(text: string): PlayBound | null {
  if (DATE_PATTERN.test(text)) {
    const at = Date.parse(`${text}T00:00:00Z`);
    return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text
      ? null
      : { kind: 'date', date: text };
  }
  if (!INSTANT_PATTERN.test(text)) return null;
  const at = Date.parse(text);
  if (
    Number.isNaN(at) ||
    new Date(Date.parse(`${text.slice(0, 10)}T00:00:00Z`)).toISOString().slice(0, 10) !== text.slice(0, 10)
  )
    return null;
  return { kind: 'instant', at };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a bound lies for ordering from and to: a date is taken at UTC midnight (to: the end of its day). */
function roughInstant(bound: PlayBound, end: boolean): number {
  if (bound.kind === 'instant') return bound.at;
  return Date.parse(`${bound.date}T00:00:00Z`) + (end ? DAY_MS : 0);
}

const BOUND_MESSAGE = 'must be a date (2026-10-25) or a date and time with an offset (2026-10-25T01:30:00Z)';
const bound = z
  .string()
  .max(40)
  .refine((text) => parsePlayBound(text) !== null, BOUND_MESSAGE);

const filterFields = {
  from: bound,
  to: bound,
  screenId: ScreenIdSchema.optional(),
  groupId: GroupIdSchema.optional(),
  playlistId: PlaylistIdSchema.optional(),
};

function checkOrder(query: { from: string; to: string }, context: z.RefinementCtx): void {
  const from = parsePlayBound(query.from);
  const to = parsePlayBound(query.to);
  if (from === null || to === null) return;
  if (roughInstant(to, true) <= roughInstant(from, false)) {
    context.addIssue({ code: 'custom', message: 'must be after from', path: ['to'] });
  }
}

export const PlayListQuerySchema = z
  .object({
    ...filterFields,
    format: z.enum(PLAY_FORMATS).default('json'),
    cursor: z.string().regex(PLAYS_CURSOR_PATTERN, 'must be the nextCursor of a previous page').optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PLAYS_PAGE_SIZE).default(DEFAULT_PLAYS_PAGE_SIZE),
  })
  .superRefine(checkOrder);
export type PlayListQuery = z.output<typeof PlayListQuerySchema>;

const groupBy = z
  .string()
  .max(40)
  .transform((text) => text.split(','))
  .refine(
    (groups) =>
      groups.length <= 2 &&
      new Set(groups).size === groups.length &&
      groups.every((group) => (PLAY_SUMMARY_GROUPS as readonly string[]).includes(group)),
    `must be one or two of ${PLAY_SUMMARY_GROUPS.join(', ')}, comma-separated (e.g. day,item)`,
  )
  .transform((groups) => groups as PlaySummaryGroup[]);

export const PlaySummaryQuerySchema = z
  .object({ ...filterFields, groupBy: groupBy.default(['item']) })
  .superRefine(checkOrder);
export type PlaySummaryQuery = z.output<typeof PlaySummaryQuerySchema>;
/** The filters of a listing or summary, as the server reads them. */
export type PlayFilters = Pick<PlayListQuery, 'from' | 'to' | 'screenId' | 'groupId' | 'playlistId'>;

export const PlayViewSchema = z.object({
  playId: z.string(),
  screenId: z.string(),
  playlistId: z.string().nullable(),
  scheduleId: z.string().nullable(),
  overrideId: z.string().nullable(),
  itemId: z.string().nullable(),
  src: z.string(),
  /** The item's name when it played (kept when the media is deleted). */
  name: z.string().nullable(),
  /** UTC, ISO 8601. */
  startedAt: z.string(),
  /** The screen's wall clock with its offset. */
  localStart: z.string(),
  timezone: z.string(),
  durationMs: z.number(),
  plannedMs: z.number().nullable(),
  outcome: z.string(),
  error: z.string().nullable(),
  receivedAt: z.string(),
  /** The device's clock was off when it uploaded this play. */
  clockSkew: z.boolean(),
});
export type PlayView = z.output<typeof PlayViewSchema>;

export const PlayPageSchema = z.object({ plays: z.array(PlayViewSchema), nextCursor: z.string().nullable() });
export type PlayPage = z.output<typeof PlayPageSchema>;

export const PlaySummaryRowSchema = z.object({
  /** Present when grouped by item: the item id, else its src; and its latest name. */
  item: z.object({ key: z.string(), name: z.string().nullable(), src: z.string() }).optional(),
  screen: z.object({ id: z.string(), name: z.string().nullable() }).optional(),
  /** The screen's local date. */
  day: z.string().optional(),
  /** The screen's local hour with its offset, e.g. 2026-10-25T01:00+01:00. */
  hour: z.string().optional(),
  plays: z.number(),
  seconds: z.number(),
  completed: z.number(),
  interrupted: z.number(),
  skipped: z.number(),
  errors: z.number(),
  /** Plays a device folded into hourly counts while offline (no outcome known). */
  folded: z.number(),
});
export type PlaySummaryRow = z.output<typeof PlaySummaryRowSchema>;

export const PlaySummarySchema = z.object({
  groupBy: z.array(z.enum(PLAY_SUMMARY_GROUPS)),
  rows: z.array(PlaySummaryRowSchema),
});
export type PlaySummary = z.output<typeof PlaySummarySchema>;
