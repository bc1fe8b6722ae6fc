// The timeline a player gets in players/{id}/app/data (docs/schedules.md §Player timeline): the segments resolved by
// the server for the next days, the rules to go on evaluating past their horizon, and the items of every playlist
// they name (built like the manifest's items, media URLs with ?v=hash). The realtime tree drops null members and
// empty lists and stores lists as index-keyed objects: a reader restores the arrays (protocol's restoreArrays) and
// this schema puts the nulls and empty lists back before checking the shape. Every list and string is bounded.

import * as z from 'zod/mini';
import {
  APP_DATA_MAX_ITEMS,
  AppDataItemSchema,
  ID_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  LAYOUT_MAX_ZONES,
  PlayerLayoutSchema,
  TimestampMsSchema,
  nonEmptyString,
} from '@marquee/protocol';
import {
  DefaultContentSchema,
  OVERRIDE_MESSAGE_MAX_LENGTH,
  OverrideRuleSchema,
  ScheduleRuleSchema,
  TIMELINE_MAX_OVERRIDES,
  TIMELINE_MAX_SCHEDULES,
  TimeZoneSchema,
} from './ruleSchemas';

/** Most segments in one timeline: a change every few minutes for four days, and then some. */
export const PLAYER_TIMELINE_MAX_SEGMENTS = 5000;
/** Most content keys one timeline names: every schedule's and override's, and the default content. */
export const PLAYER_TIMELINE_MAX_LAYOUTS = TIMELINE_MAX_SCHEDULES + TIMELINE_MAX_OVERRIDES + 1;
/** Most playlists: each content key's, and each zone's of a layout (docs/layouts.md). */
export const PLAYER_TIMELINE_MAX_PLAYLISTS = PLAYER_TIMELINE_MAX_LAYOUTS * (1 + LAYOUT_MAX_ZONES);
/** The key of the screen's own items (its default content when it has no default playlist). */
export const OWN_ITEMS_PLAYLIST_KEY = 'default';

type Json = Record<string, unknown>;

/** `schema` after the members the tree drops are put back: `nulls` as null, `lists` as [], `maps` as {}. */
function restored<T extends z.ZodMiniType>(
  schema: T,
  nulls: readonly string[],
  lists: readonly string[] = [],
  maps: readonly string[] = [],
) {
  return z.pipe(
    z.transform((value: unknown) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const copy: Json = { ...(value as Json) };
      for (const key of nulls) if (!(key in copy)) copy[key] = null;
      for (const key of lists) if (!(key in copy)) copy[key] = [];
      for (const key of maps) if (!(key in copy)) copy[key] = {};
      return copy;
    }),
    schema,
  );
}

const SegmentSourceSchema = restored(
  z.object({
    kind: z.enum(['override', 'schedule', 'default', 'idle']),
    id: z.nullable(nonEmptyString(ID_MAX_LENGTH)),
    name: z.nullable(nonEmptyString(LABEL_MAX_LENGTH)),
  }),
  ['id', 'name'],
);

export const PlayerTimelineSegmentSchema = restored(
  z.object({
    start: TimestampMsSchema,
    end: TimestampMsSchema,
    source: SegmentSourceSchema,
    /** Keys into `playlists` or `layouts`, played one after another. */
    playlistIds: z.array(nonEmptyString(ID_MAX_LENGTH)).check(z.maxLength(TIMELINE_MAX_SCHEDULES)),
    /** An override's full-screen text. */
    message: z.nullable(nonEmptyString(OVERRIDE_MESSAGE_MAX_LENGTH)),
  }),
  ['message'],
  ['playlistIds'],
);
export type PlayerTimelineSegment = z.infer<typeof PlayerTimelineSegmentSchema>;

export const PlayerTimelineRulesSchema = restored(
  z.object({
    timezone: TimeZoneSchema,
    schedules: z
      .array(restored(ScheduleRuleSchema, ['endsOn', 'days', 'from', 'to', 'timezone']))
      .check(z.maxLength(TIMELINE_MAX_SCHEDULES)),
    overrides: z
      .array(restored(OverrideRuleSchema, ['playlistId', 'message']))
      .check(z.maxLength(TIMELINE_MAX_OVERRIDES)),
    defaultContent: z.nullable(DefaultContentSchema),
  }),
  ['defaultContent'],
  ['schedules', 'overrides'],
);

const PlaylistItemsSchema = restored(
  z.object({
    name: nonEmptyString(LABEL_MAX_LENGTH),
    items: z.array(AppDataItemSchema).check(z.maxLength(APP_DATA_MAX_ITEMS)),
  }),
  [],
  ['items'],
);

export const PlayerTimelineSchema = restored(
  z.object({
    /** The screen's effective IANA zone (also rules.timezone). */
    timezone: TimeZoneSchema,
    /** When the server resolved it (epoch ms). */
    generatedAt: TimestampMsSchema,
    /** Where `segments` end; past it the player resolves `rules` itself. */
    horizonEnd: TimestampMsSchema,
    rules: PlayerTimelineRulesSchema,
    playlists: z
      .record(nonEmptyString(ID_MAX_LENGTH), PlaylistItemsSchema)
      .check(
        z.refine(
          (playlists) => Object.keys(playlists).length <= PLAYER_TIMELINE_MAX_PLAYLISTS,
          `at most ${PLAYER_TIMELINE_MAX_PLAYLISTS} playlists`,
        ),
      ),
    /**
     * The layouts the rules name (a content key is a playlist's or a layout's id; ids never collide). Their zones'
     * playlists are in `playlists`.
     */
    layouts: z
      .record(nonEmptyString(ID_MAX_LENGTH), PlayerLayoutSchema)
      .check(
        z.refine(
          (layouts) => Object.keys(layouts).length <= PLAYER_TIMELINE_MAX_LAYOUTS,
          `at most ${PLAYER_TIMELINE_MAX_LAYOUTS} layouts`,
        ),
      ),
    /** [generatedAt, horizonEnd), in order, adjacent. */
    segments: z.array(PlayerTimelineSegmentSchema).check(z.maxLength(PLAYER_TIMELINE_MAX_SEGMENTS)),
  }),
  [],
  ['segments'],
  ['playlists', 'layouts'],
);
export type PlayerTimeline = z.infer<typeof PlayerTimelineSchema>;
