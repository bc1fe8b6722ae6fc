// Player settings (docs/player.md §Settings; `settings` of docs/data-model.md §The player document): kept at
// players/{id}/settings, in local storage under 'settings', and sent at registration and by PATCH
// /_internal/players/{id}/settings.

import * as z from 'zod/mini';
import { DEFAULT_PLAYER_NAME } from './constants';
import { ORIENTATIONS } from './orientation';
import { SCREEN_NAME_TOO_LONG_ERROR, isValidScreenName } from './screenName';
import { UPDATE_CHANNELS } from './updateChannel';

export const DAILY_RESTART_STATES = ['on', 'off'] as const;
export type DailyRestartState = (typeof DAILY_RESTART_STATES)[number];

/**
 * One of the 24 daily-restart slot values, '00:00am' … '11:00am', '00:00pm' … '11:00pm' (see dailyRestartSlots.ts;
 * the twelve o'clock hour is written '00').
 */
export const DAILY_RESTART_SLOT_PATTERN = /^(0\d|1[01]):00(am|pm)$/;

export const ScreenNameSchema = z.string().check(z.refine(isValidScreenName, SCREEN_NAME_TOO_LONG_ERROR));

const settingsFields = {
  orientation: z.optional(z.enum(ORIENTATIONS)),
  update_channel: z.optional(z.enum(UPDATE_CHANNELS)),
  daily_restart: z.optional(z.enum(DAILY_RESTART_STATES)),
  daily_restart_time: z.optional(z.string().check(z.regex(DAILY_RESTART_SLOT_PATTERN))),
  mute: z.optional(z.boolean()),
};

/** Complete settings: a missing name is the default name, every other field is optional. */
export const SettingsSchema = z.object({
  name: z._default(ScreenNameSchema, DEFAULT_PLAYER_NAME),
  ...settingsFields,
});
export type Settings = z.infer<typeof SettingsSchema>;

/** A partial change (PATCH, local edits): nothing defaults, so a missing name leaves the stored one alone. */
export const SettingsPatchSchema = z.object({
  name: z.optional(ScreenNameSchema),
  ...settingsFields,
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
