// Screens as the studio sees them: the row, the settings the player actually uses, the content, and live status;
// what changes one, and pairing a player with a new screen.

import { z } from 'zod';
import { ScreenHealthViewSchema } from './screenHealth';
import { APP_DATA_ITEM_TYPES, ScreenNameSchema, SettingsPatchSchema } from '@marquee/protocol';
import { ContentInputSchema, ItemConfigSchema, type ContentInput } from './content';
import { TagListSchema, TagSchema } from './groups';
import { GroupIdSchema, LayoutIdSchema, PlaylistIdSchema } from './ids';
import { PlayerStatsViewSchema } from './playerStats';
import { isPlainObject, shapedUnion } from './shapedUnion';
import { SOURCE_KINDS } from './timeline';
import { TimeZoneSchema } from './timeZone';

const { shape } = SettingsPatchSchema;

/** What the studio sets on a screen besides its name and content. */
export const ScreenSettingsSchema = z.object({
  orientation: shape.orientation,
  mute: shape.mute,
  daily_restart: shape.daily_restart,
  daily_restart_time: shape.daily_restart_time,
  update_channel: shape.update_channel,
});
export type ScreenSettings = z.output<typeof ScreenSettingsSchema>;

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

const ScreenStatusSchema = z.object({
  online: z.boolean(),
  /** The screen's device is blocked (docs/management-api.md §Screens); false without a player. */
  blocked: z.boolean(),
  connectedAt: nullableNumber,
  disconnectedAt: nullableNumber,
  lastHeartbeatAt: nullableNumber,
  /** True when the player is paired and its last heartbeat is overdue (or never came). */
  heartbeatOverdue: z.boolean(),
  platform: nullableString,
  model: nullableString,
  version: nullableString,
  /** The address the device reports (its LAN address), else the one the server saw. */
  ip: nullableString,
  /** The address the last heartbeat came from, as the server saw it. */
  remoteIp: nullableString,
  /**
   * '{h}hr {m}m {s}s' now: the uptime the last heartbeat reported plus the time since it arrived; null once
   * heartbeats are overdue.
   */
  uptime: nullableString,
  uptimeSeconds: nullableNumber,
  /** The player's latest runtime stats; absent until it has reported. */
  stats: PlayerStatsViewSchema.optional(),
});
export type ScreenStatus = z.output<typeof ScreenStatusSchema>;

export const ContentSourceViewSchema = z.object({
  type: z.enum(APP_DATA_ITEM_TYPES),
  durationMs: z.number(),
  src: z.string().optional(),
  mediaId: z.string().optional(),
  /** An app item's configuration (docs/apps.md). */
  config: ItemConfigSchema.optional(),
});
export type ContentSourceView = z.output<typeof ContentSourceViewSchema>;

const ContentViewSchema = z.object({
  version: z.number(),
  items: z.array(
    z.object({
      type: z.enum(APP_DATA_ITEM_TYPES),
      src: z.string(),
      durationMs: z.number(),
      /** An app item's configuration as JSON text, as the player gets it. */
      config: z.string().optional(),
    }),
  ),
  /** What the operator assigned: URLs, or media ids. */
  sources: z.array(ContentSourceViewSchema),
});

/** Where the screen's zone comes from: pinned by an operator, reported by its player, or UTC (neither). */
export const TIME_ZONE_SOURCES = ['pinned', 'player', 'server'] as const;

/** How long a player may take to apply a new content version before the studio flags it. */
export const TIMELINE_BEHIND_AFTER_MS = 60_000;

const ScreenTimelineStatusSchema = z.object({
  /** The content version the server wrote last (app/data). */
  version: z.number(),
  /** The content version the player last reported applying; null until it does. */
  appliedVersion: nullableNumber,
  /** The player has not applied `version` although it was written over a minute ago. */
  behind: z.boolean(),
  /** What the screen shows now and why. */
  current: z.object({
    kind: z.enum(SOURCE_KINDS),
    id: nullableString,
    name: z.string(),
    reason: z.string(),
  }),
});
export type ScreenTimelineStatus = z.output<typeof ScreenTimelineStatusSchema>;

export const ScreenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  playerId: nullableString,
  settings: ScreenSettingsSchema,
  content: ContentViewSchema,
  status: ScreenStatusSchema,
  tags: z.array(z.string()),
  /** The zone the screen's schedules run in (effective). */
  timezone: z.string(),
  timezoneSource: z.enum(TIME_ZONE_SOURCES),
  /** The playlist that is its default content; null when its own items or a layout are. */
  defaultPlaylistId: nullableString,
  /** The layout that is its default content; null when its own items or a playlist are. */
  defaultLayoutId: nullableString,
  timeline: ScreenTimelineStatusSchema,
  /** Online or offline since when (docs/screen-health.md). */
  health: ScreenHealthViewSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ScreenView = z.output<typeof ScreenViewSchema>;

/** Longest name search. */
export const SCREEN_SEARCH_MAX_LENGTH = 120;
export const MAX_SCREEN_PAGE_SIZE = 200;
/** A page position in the by-name listing (opaque: base64url). */
export const SCREEN_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,1024}$/;

export const ScreenListQuerySchema = z.object({
  /** Screens whose name contains it (case-insensitive). */
  q: z.string().max(SCREEN_SEARCH_MAX_LENGTH).optional(),
  tag: TagSchema.optional(),
  groupId: GroupIdSchema.optional(),
  status: z.enum(['online', 'offline']).optional(),
  /** A page size; without it every screen is answered (nextCursor null). */
  limit: z.coerce.number().int().min(1).max(MAX_SCREEN_PAGE_SIZE).optional(),
  cursor: z.string().regex(SCREEN_CURSOR_PATTERN, 'must be the nextCursor of a previous page').optional(),
});
export type ScreenListQuery = z.output<typeof ScreenListQuerySchema>;

export const ScreenListSchema = z.object({
  screens: z.array(ScreenViewSchema),
  /** The cursor of the next page; null on the last one. */
  nextCursor: nullableString,
});

const { orientation: _orientation, ...settingFields } = ScreenSettingsSchema.shape;

/** A screen's default content named by reference: `content: {layoutId}` or `content: {playlistId}`. */
export const ContentRefSchema = z.union([
  z.strictObject({ layoutId: LayoutIdSchema }),
  z.strictObject({ playlistId: PlaylistIdSchema }),
]);
export type ContentRef = z.output<typeof ContentRefSchema>;

/**
 * A screen's default content: a reference (an object) or its own items (a list, or one URL or media id), told
 * apart by shape so that an error names the offending member ('content.0.type').
 */
export const DefaultContentSchema = shapedUnion([ContentRefSchema, ContentInputSchema], (value) =>
  isPlainObject(value) ? ContentRefSchema : ContentInputSchema,
);

export const ScreenPatchSchema = z
  .strictObject({
    name: z.optional(ScreenNameSchema),
    orientation: ScreenSettingsSchema.shape.orientation,
    settings: z.strictObject(settingFields).optional(),
    /**
     * The default content: the screen's own items (a list, or one URL or media id), or `{layoutId}` /
     * `{playlistId}` (the same as the fields of those names). Each replaces the others.
     */
    content: DefaultContentSchema.optional(),
    /** A playlist as its default content; null goes back to its own items. Not with content or layoutId. */
    playlistId: PlaylistIdSchema.nullable().optional(),
    /** A layout as its default content; null goes back to its own items. Not with content or playlistId. */
    layoutId: LayoutIdSchema.nullable().optional(),
    tags: TagListSchema.optional(),
    /** Pins the zone; null follows the player's own again. */
    timezone: TimeZoneSchema.nullable().optional(),
  })
  .refine(
    (patch) =>
      [patch.content, patch.playlistId, patch.layoutId].filter((value) => value !== undefined).length <= 1,
    { message: 'give one of content, playlistId and layoutId', path: ['playlistId'] },
  );
/** What PATCH /screens/{id} takes. */
export type ScreenPatch = Omit<z.input<typeof ScreenPatchSchema>, 'content'> & {
  content?: ContentInput | z.input<typeof ContentRefSchema>;
};

export const UnpairAnswerSchema = z.object({ deleted: z.string(), playerId: z.string().nullable() });

/** Room for spaces and dashes an operator may type between the characters. */
export const PAIRING_CODE_INPUT_MAX_LENGTH = 32;

export const PairRequestSchema = z.strictObject({
  code: z.string().max(PAIRING_CODE_INPUT_MAX_LENGTH),
  name: z.optional(ScreenNameSchema),
});
export type PairRequest = z.input<typeof PairRequestSchema>;
