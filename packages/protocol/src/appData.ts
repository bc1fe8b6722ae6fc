// The content manifest at players/{id}/app/data (docs/data-model.md §Content manifest), read by the content player
// through getAppData and a realtime listen. The database stores arrays as index-keyed objects: parse what
// restoreArrays returns.

import * as z from 'zod/mini';
import { TOKEN_MAX_LENGTH, httpUrl, nonEmptyString } from './schemaText';

export const APP_DATA_ITEM_TYPES = ['url', 'image', 'video'] as const;
export type AppDataItemType = (typeof APP_DATA_ITEM_TYPES)[number];

/** Most items in one manifest: far above any real playlist, far below what would stall a screen. */
export const APP_DATA_MAX_ITEMS = 500;

export const AppDataItemSchema = z.object({
  type: z.enum(APP_DATA_ITEM_TYPES),
  src: httpUrl(),
  durationMs: z.int().check(z.positive()),
});
export type AppDataItem = z.infer<typeof AppDataItemSchema>;

export const AppDataSchema = z.object({
  /** Raised on every change of what the screen shows, so a player can tell new content from old. */
  version: z.int().check(z.positive()),
  items: z.array(AppDataItemSchema).check(z.maxLength(APP_DATA_MAX_ITEMS)),
  /** Meeting variant: the token from which the frame source is derived. */
  token: z.optional(nonEmptyString(TOKEN_MAX_LENGTH)),
});
export type AppData = z.infer<typeof AppDataSchema>;
