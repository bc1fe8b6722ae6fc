// What an operator assigns to a screen: a list of items, or a single URL or media id (shown alone). An empty list
// clears the screen.

import { z } from 'zod';
import { APP_DATA_ITEM_TYPES, APP_DATA_MAX_ITEMS, URL_MAX_LENGTH } from '@marquee/protocol';

/** Longest duration of one item: a day. */
export const MAX_ITEM_DURATION_MS = 24 * 60 * 60 * 1000;

const src = z.string().min(1).max(URL_MAX_LENGTH);

const ContentItemInputSchema = z.strictObject({
  /** url, image or video; for media it is the file's kind, for a URL it defaults to url. */
  type: z.enum(APP_DATA_ITEM_TYPES).optional(),
  /** An http(s) URL, or the id of a media file of the organisation. */
  src,
  durationMs: z.int().positive().max(MAX_ITEM_DURATION_MS).optional(),
});
export type ContentItemInput = z.input<typeof ContentItemInputSchema>;

/** A list of items (a screen's content, a playlist's items). */
export const ContentItemsSchema = z.array(ContentItemInputSchema).max(APP_DATA_MAX_ITEMS);
/** What the API documents: a list of items, or one URL or media id. */
const DocumentedContentSchema = z.union([src, ContentItemsSchema]);
const { $schema: _dialect, ...documentedContent } = z.toJSONSchema(DocumentedContentSchema, {
  target: 'openapi-3.0',
  io: 'input',
}) as Record<string, unknown>;

/**
 * A screen's content as the API takes it. It is validated as a list, a single string being a one-item list, so
 * that an error names the item ('content.2.src'), which a union's error cannot; the OpenAPI document shows the
 * union (the list's own keywords are blanked out of the metadata, which replaces them).
 */
export const ContentInputSchema = z
  .preprocess((value) => (typeof value === 'string' ? [{ src: value }] : value), ContentItemsSchema)
  .meta({ ...documentedContent, type: undefined, items: undefined, maxItems: undefined });
/** What a client sends: one URL or media id, or the items. */
export type ContentInput = string | ContentItemInput[];
/** What the server reads it as. */
export type ContentItems = z.output<typeof ContentInputSchema>;
