// Playlists: named, reusable lists of items (each like a screen's content item: an http(s) URL or a media id of the
// organisation), shown by schedules, overrides and as screens' default content (docs/schedules.md §Model).

import { z } from 'zod';
import { ContentItemsSchema } from './content';
import { ContentSourceViewSchema } from './screens';
import { NamedRefSchema } from './targets';

export const PLAYLIST_NAME_MAX_LENGTH = 120;

const name = z.string().trim().min(1, 'must not be empty').max(PLAYLIST_NAME_MAX_LENGTH);

export const PlaylistRequestSchema = z.strictObject({ name, items: ContentItemsSchema });
export type PlaylistRequest = z.input<typeof PlaylistRequestSchema>;

export const PlaylistPatchSchema = z.strictObject({
  name: name.optional(),
  items: ContentItemsSchema.optional(),
});
export type PlaylistPatch = z.input<typeof PlaylistPatchSchema>;

export const PlaylistUsageSchema = z.object({
  schedules: z.array(NamedRefSchema),
  overrides: z.array(NamedRefSchema),
  /** Screens showing it as their default content. */
  screens: z.array(NamedRefSchema),
  /** Layouts with a zone playing it. */
  layouts: z.array(NamedRefSchema),
});
export type PlaylistUsage = z.output<typeof PlaylistUsageSchema>;

export const PlaylistViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The items as assigned: URLs, or media ids (like a screen's content sources). */
  items: z.array(ContentSourceViewSchema),
  /** The sum of the items' durations. */
  durationMs: z.number(),
  usedBy: PlaylistUsageSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PlaylistView = z.output<typeof PlaylistViewSchema>;

export const PlaylistListSchema = z.object({ playlists: z.array(PlaylistViewSchema) });

export const DeletedSchema = z.object({ deleted: z.string() });
