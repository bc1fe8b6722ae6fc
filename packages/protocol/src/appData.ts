// The content manifest at players/{id}/app/data (docs/data-model.md §Content manifest), read by the content player
// through getAppData and a realtime listen. The database stores arrays as index-keyed objects: parse what
// restoreArrays returns.

import * as z from 'zod/mini';
import { APP_CONFIG_MAX_LENGTH } from './layout';
import {
  ID_MAX_LENGTH,
  LABEL_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  boundedString,
  httpUrl,
  nonEmptyString,
} from './schemaText';

/** 'app': an operator's own HTML app (docs/apps.md), shown with the app API. */
export const APP_DATA_ITEM_TYPES = ['url', 'image', 'video', 'app'] as const;
export type AppDataItemType = (typeof APP_DATA_ITEM_TYPES)[number];

/** Most items in one manifest: far above any real playlist, far below what would stall a screen. */
export const APP_DATA_MAX_ITEMS = 500;

export const AppDataItemSchema = z.object({
  type: z.enum(APP_DATA_ITEM_TYPES),
  src: httpUrl(),
  durationMs: z.int().check(z.positive()),
  /** An 'app' item's configuration as JSON text (an object), handed to the app by getContext(). */
  config: z.optional(boundedString(APP_CONFIG_MAX_LENGTH)),
});
export type AppDataItem = z.infer<typeof AppDataItemSchema>;

/** Most tags a screen carries into app/data. */
export const APP_DATA_MAX_TAGS = 50;

/** The screen a player shows, as an app's getContext() reports it (docs/apps.md). */
export const AppDataScreenSchema = z.object({
  id: nonEmptyString(ID_MAX_LENGTH),
  name: boundedString(LABEL_MAX_LENGTH),
  /** Absent when it has none (the tree drops empty lists). */
  tags: z.optional(z.array(nonEmptyString(LABEL_MAX_LENGTH)).check(z.maxLength(APP_DATA_MAX_TAGS))),
});
export type AppDataScreen = z.infer<typeof AppDataScreenSchema>;

export const AppDataSchema = z.object({
  /** Raised on every change of what the screen shows, so a player can tell new content from old. */
  version: z.int().check(z.positive()),
  items: z.array(AppDataItemSchema).check(z.maxLength(APP_DATA_MAX_ITEMS)),
  /** Meeting variant: the token from which the frame source is derived. */
  token: z.optional(nonEmptyString(TOKEN_MAX_LENGTH)),
  /** The paired screen (its id, name and tags), for apps; rewritten when the screen is renamed or retagged. */
  screen: z.optional(AppDataScreenSchema),
});
export type AppData = z.infer<typeof AppDataSchema>;
