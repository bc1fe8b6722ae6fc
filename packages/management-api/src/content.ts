// What an operator assigns to a screen: a list of items, or a single URL or media id (shown alone). An empty list
// clears the screen.

import { z } from 'zod';
import {
  APP_CONFIG_MAX_LENGTH,
  APP_DATA_ITEM_TYPES,
  APP_DATA_MAX_ITEMS,
  URL_MAX_LENGTH,
} from '@marquee/protocol';
import { webhookUrlProblem } from './webhooks';

/** Longest duration of one item: a day. */
export const MAX_ITEM_DURATION_MS = 24 * 60 * 60 * 1000;

const src = z.string().min(1).max(URL_MAX_LENGTH);

/**
 * An app item's configuration: a JSON object (what a JSON body holds), as layouts.ts's AppConfigSchema takes it,
 * written without z.json(): the screen patch documents its content as inline metadata, where the recursive JSON
 * schema's definitions cannot go.
 */
export const ItemConfigSchema = z
  .record(z.string(), z.unknown())
  .refine(
    (config) => JSON.stringify(config).length <= APP_CONFIG_MAX_LENGTH,
    `must be at most ${APP_CONFIG_MAX_LENGTH} characters as JSON`,
  );

const itemFields = {
  /**
   * url, image, video or app; for media it is the file's kind, for a URL it defaults to url. An app is an
   * operator's own HTML app (docs/apps.md): its src is an http(s) URL, never a media id.
   */
  type: z.enum(APP_DATA_ITEM_TYPES).optional(),
  /** An http(s) URL, or the id of a media file of the organisation. */
  src,
  durationMs: z.int().positive().max(MAX_ITEM_DURATION_MS).optional(),
};

const ContentItemInputSchema = z
  .strictObject({
    ...itemFields,
    /** An app item's configuration, a JSON object its getContext() hands it; other types take none. */
    config: ItemConfigSchema.optional(),
  })
  .superRefine((item, context) => {
    if (item.type === 'app') {
      const problem = webhookUrlProblem(item.src);
      if (problem !== null) context.addIssue({ code: 'custom', path: ['src'], message: problem });
    } else if (item.config !== undefined) {
      context.addIssue({ code: 'custom', path: ['config'], message: 'only an app item takes a config' });
    }
  });
/** An app's configuration as the operator gives it (a JSON object). */
export type AppConfig = z.output<typeof ItemConfigSchema>;
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
