// What the studio sets on a screen besides its name and content (the contract's ScreenSettingsSchema), as kept in
// screens.settings and mirrored in the player's settings.

import { ScreenSettingsSchema, type ScreenSettings } from '@marquee/management-api';

/** The settings of a screen, in the order the contract declares them. */
export const SCREEN_SETTING_NAMES = Object.keys(ScreenSettingsSchema.shape) as (keyof ScreenSettings)[];

/** The known, valid settings of `value` (a stored column or a player's settings); none when it does not fit. */
export function screenSettingsOf(value: unknown): ScreenSettings {
  const parsed = ScreenSettingsSchema.safeParse(value);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([, setting]) => setting !== undefined));
}

/** The settings stored for a screen (screens.settings), read leniently. */
export function parseScreenSettings(text: string): ScreenSettings {
  try {
    return screenSettingsOf(JSON.parse(text));
  } catch {
    return {};
  }
}
