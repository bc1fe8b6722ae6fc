// Screens as the studio sees them: the row, the settings the player actually uses, the content, and live status;
// what changes one, and pairing a player with a new screen.

import { z } from 'zod';
import { APP_DATA_ITEM_TYPES, ScreenNameSchema, SettingsPatchSchema } from '@marquee/protocol';
import { ContentInputSchema, type ContentInput } from './content';
import { PlayerStatsViewSchema } from './playerStats';

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

const ContentSourceViewSchema = z.object({
  type: z.enum(APP_DATA_ITEM_TYPES),
  durationMs: z.number(),
  src: z.string().optional(),
  mediaId: z.string().optional(),
});
export type ContentSourceView = z.output<typeof ContentSourceViewSchema>;

const ContentViewSchema = z.object({
  version: z.number(),
  items: z.array(z.object({ type: z.enum(APP_DATA_ITEM_TYPES), src: z.string(), durationMs: z.number() })),
  /** What the operator assigned: URLs, or media ids. */
  sources: z.array(ContentSourceViewSchema),
});

export const ScreenViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  playerId: nullableString,
  settings: ScreenSettingsSchema,
  content: ContentViewSchema,
  status: ScreenStatusSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ScreenView = z.output<typeof ScreenViewSchema>;

export const ScreenListSchema = z.object({ screens: z.array(ScreenViewSchema) });

const { orientation: _orientation, ...settingFields } = ScreenSettingsSchema.shape;

export const ScreenPatchSchema = z.strictObject({
  name: z.optional(ScreenNameSchema),
  orientation: ScreenSettingsSchema.shape.orientation,
  settings: z.strictObject(settingFields).optional(),
  content: ContentInputSchema.optional(),
});
/** What PATCH /screens/{id} takes. */
export type ScreenPatch = Omit<z.input<typeof ScreenPatchSchema>, 'content'> & { content?: ContentInput };

export const UnpairAnswerSchema = z.object({ deleted: z.string(), playerId: z.string().nullable() });

/** Room for spaces and dashes an operator may type between the characters. */
export const PAIRING_CODE_INPUT_MAX_LENGTH = 32;

export const PairRequestSchema = z.strictObject({
  code: z.string().max(PAIRING_CODE_INPUT_MAX_LENGTH),
  name: z.optional(ScreenNameSchema),
});
export type PairRequest = z.input<typeof PairRequestSchema>;
