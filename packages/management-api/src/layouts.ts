// Layouts: a screen divided into zones (percent of the screen, stacked by z), each playing a playlist or a built-in
// app (clock, text, ticker, feed, QR code, an operator's own HTML app). A layout is content like a playlist: a
// screen's default content, a schedule's or an override's (docs/layouts.md). The limits and enumerations are the
// player's (@marquee/protocol's layout.ts), so what the API takes a player can always show.

import { z } from 'zod';
import {
  APP_CONFIG_MAX_LENGTH,
  APP_FONT_SIZE_MAX,
  APP_FONT_SIZE_MIN,
  APP_TEXT_MAX_LENGTH,
  CLOCK_FORMATS,
  FEED_DISPLAYS,
  FEED_ITEM_DURATION_MAX_MS,
  FEED_ITEM_DURATION_MIN_MS,
  FEED_MAX_ITEMS,
  FEED_TEXT_MAX_LENGTH,
  FEED_TITLE_MAX_LENGTH,
  HEX_COLOUR_PATTERN,
  LAYOUT_ASPECTS,
  LAYOUT_MAX_ZONES,
  QR_CAPTION_MAX_LENGTH,
  TEXT_ALIGNMENTS,
  TICKER_DIRECTIONS,
  TICKER_SPEED_MAX,
  TICKER_SPEED_MIN,
  URL_MAX_LENGTH,
  ZONE_ID_PATTERN,
  ZONE_NAME_MAX_LENGTH,
  ZONE_Z_MAX,
  type CleanFeed,
} from '@marquee/protocol';
import { PlaylistIdSchema } from './ids';
import { isPlainObject, shapedUnion } from './shapedUnion';
import { NamedRefSchema } from './targets';
import { webhookUrlProblem } from './webhooks';

export const LAYOUT_NAME_MAX_LENGTH = 120;
/** Longest a layout shows when it takes turns with other content: a day. */
export const LAYOUT_MAX_DURATION_MS = 24 * 60 * 60 * 1000;
/** Zone edges may exceed 100 by this much (rounding in an editor), and are then clamped. */
const EDGE_TOLERANCE = 1e-6;

const name = z.string().trim().min(1, 'must not be empty').max(LAYOUT_NAME_MAX_LENGTH);
const colour = z.string().regex(HEX_COLOUR_PATTERN, "must be a colour written '#rrggbb'");
/** An absolute http(s) URL without credentials: an app's own page, a feed, a QR code's target. */
export const AppUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(URL_MAX_LENGTH)
  .superRefine((text, context) => {
    const problem = webhookUrlProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, input: text });
  });

/** An html app's configuration: a JSON object of at most APP_CONFIG_MAX_LENGTH characters as JSON text. */
export const AppConfigSchema = z
  .record(z.string(), z.json())
  .refine(
    (config) => JSON.stringify(config).length <= APP_CONFIG_MAX_LENGTH,
    `must be at most ${APP_CONFIG_MAX_LENGTH} characters as JSON`,
  );

const textStyle = {
  /** Percent of the zone's height. */
  fontSize: z.number().min(APP_FONT_SIZE_MIN).max(APP_FONT_SIZE_MAX).optional(),
  color: colour.optional(),
  background: colour.optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
};
const appText = z.string().trim().min(1, 'must not be empty').max(APP_TEXT_MAX_LENGTH);

export const ClockAppSchema = z.strictObject({
  type: z.literal('clock'),
  /** Default '24h'. */
  format: z.enum(CLOCK_FORMATS).optional(),
  /** A date line under the time; default true. */
  showDate: z.boolean().optional(),
  showSeconds: z.boolean().optional(),
  color: colour.optional(),
  background: colour.optional(),
});

export const TextAppSchema = z.strictObject({
  type: z.literal('text'),
  text: appText,
  /** Default 'center'. */
  align: z.enum(TEXT_ALIGNMENTS).optional(),
  ...textStyle,
});

export const TickerAppSchema = z.strictObject({
  type: z.literal('ticker'),
  text: appText,
  /** CSS pixels per second; default 120. */
  speed: z.number().min(TICKER_SPEED_MIN).max(TICKER_SPEED_MAX).optional(),
  /** Where the text moves to; default 'left'. */
  direction: z.enum(TICKER_DIRECTIONS).optional(),
  ...textStyle,
});

export const FeedAppSchema = z.strictObject({
  type: z.literal('feed'),
  /** An RSS 2.0 or Atom feed. The server fetches it; screens get its cleaned copy. */
  url: AppUrlSchema,
  /** Default 'carousel' (one item at a time). */
  display: z.enum(FEED_DISPLAYS).optional(),
  /** Default 10. */
  maxItems: z.int().min(1).max(FEED_MAX_ITEMS).optional(),
  /** Each item's time in a carousel; default 10 s. */
  itemDurationMs: z.int().min(FEED_ITEM_DURATION_MIN_MS).max(FEED_ITEM_DURATION_MAX_MS).optional(),
  /** Default true. */
  showImages: z.boolean().optional(),
  ...textStyle,
});

export const QrAppSchema = z.strictObject({
  type: z.literal('qr'),
  url: AppUrlSchema,
  caption: z.string().trim().min(1).max(QR_CAPTION_MAX_LENGTH).optional(),
  color: colour.optional(),
  background: colour.optional(),
});

export const HtmlAppSchema = z.strictObject({
  type: z.literal('html'),
  /** The operator's own app (docs/apps.md). */
  url: AppUrlSchema,
  config: AppConfigSchema.optional(),
});

export const AppSpecSchema = z.discriminatedUnion('type', [
  ClockAppSchema,
  TextAppSchema,
  TickerAppSchema,
  FeedAppSchema,
  QrAppSchema,
  HtmlAppSchema,
]);
export type AppSpec = z.output<typeof AppSpecSchema>;
export type AppSpecInput = z.input<typeof AppSpecSchema>;

const PlaylistContentSchema = z.strictObject({ playlistId: PlaylistIdSchema });
const AppContentSchema = z.strictObject({ app: AppSpecSchema });
/** Told apart by shape, so an error names the app's field ('zones.0.content.app.config'). */
export const ZoneContentSchema = shapedUnion([PlaylistContentSchema, AppContentSchema], (value) =>
  isPlainObject(value) && 'app' in value ? AppContentSchema : PlaylistContentSchema,
);
export type ZoneContent = z.output<typeof ZoneContentSchema>;

const percent = z.number().min(0).max(100);

export const ZoneSchema = z
  .strictObject({
    id: z.string().regex(ZONE_ID_PATTERN, "must be 1-40 letters, digits, '-' or '_'"),
    name: z.string().trim().max(ZONE_NAME_MAX_LENGTH).optional(),
    /** Percent of the screen's width from its left edge. */
    x: percent,
    y: percent,
    width: z.number().gt(0).max(100),
    height: z.number().gt(0).max(100),
    /** Stacking order, higher in front; default the zone's place in the list. */
    z: z.int().min(0).max(ZONE_Z_MAX).optional(),
    content: ZoneContentSchema,
  })
  .superRefine((zone, context) => {
    if (zone.x + zone.width > 100 + EDGE_TOLERANCE) {
      context.addIssue({
        code: 'custom',
        message: 'x + width must be at most 100 (inside the screen)',
        path: ['width'],
      });
    }
    if (zone.y + zone.height > 100 + EDGE_TOLERANCE) {
      context.addIssue({
        code: 'custom',
        message: 'y + height must be at most 100 (inside the screen)',
        path: ['height'],
      });
    }
  });
export type Zone = z.output<typeof ZoneSchema>;
export type ZoneInput = z.input<typeof ZoneSchema>;

export const ZoneListSchema = z
  .array(ZoneSchema)
  .max(LAYOUT_MAX_ZONES)
  .superRefine((zones, context) => {
    const seen = new Set<string>();
    zones.forEach((zone, index) => {
      if (seen.has(zone.id)) {
        context.addIssue({
          code: 'custom',
          message: `zone id '${zone.id}' is used twice`,
          path: [index, 'id'],
        });
      }
      seen.add(zone.id);
    });
  });

const layoutFields = {
  name,
  /** What the editor draws on; screens of either orientation show it (zones are percent). Default 'landscape'. */
  aspect: z.enum(LAYOUT_ASPECTS).optional(),
  /** Default '#000000'. */
  background: colour.optional(),
  /** How long it shows when it takes turns with other content in one segment; default 60 s. */
  durationMs: z.int().positive().max(LAYOUT_MAX_DURATION_MS).optional(),
  zones: ZoneListSchema,
};

export const LayoutRequestSchema = z.strictObject(layoutFields);
export type LayoutRequest = z.input<typeof LayoutRequestSchema>;
export type LayoutInput = z.output<typeof LayoutRequestSchema>;

export const LayoutPatchSchema = z.strictObject({
  name: name.optional(),
  aspect: layoutFields.aspect,
  background: layoutFields.background,
  durationMs: layoutFields.durationMs,
  /** The whole list: zones are replaced, not merged. */
  zones: ZoneListSchema.optional(),
});
export type LayoutPatch = z.input<typeof LayoutPatchSchema>;
export type LayoutPatchInput = z.output<typeof LayoutPatchSchema>;

export const LayoutUsageSchema = z.object({
  schedules: z.array(NamedRefSchema),
  overrides: z.array(NamedRefSchema),
  /** Screens showing it as their default content. */
  screens: z.array(NamedRefSchema),
});
export type LayoutUsage = z.output<typeof LayoutUsageSchema>;

export const LayoutViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  aspect: z.enum(LAYOUT_ASPECTS),
  background: z.string(),
  durationMs: z.number(),
  zones: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      z: z.number(),
      content: z.union([
        z.object({ playlistId: z.string() }),
        z.object({ app: z.record(z.string(), z.unknown()) }),
      ]),
    }),
  ),
  usedBy: LayoutUsageSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type LayoutView = z.output<typeof LayoutViewSchema> & {
  zones: (Omit<z.output<typeof LayoutViewSchema>['zones'][number], 'content'> & { content: ZoneContent })[];
};

export const LayoutListSchema = z.object({ layouts: z.array(LayoutViewSchema) });
export type LayoutList = { layouts: LayoutView[] };

/** GET /feeds/preview: a feed app's address as the studio's editor has it, before any layout is saved. */
export const FeedPreviewQuerySchema = z.strictObject({ url: AppUrlSchema });
export type FeedPreviewQuery = z.input<typeof FeedPreviewQuerySchema>;

/**
 * The preview's answer: the feed cleaned exactly as screens get it. The players' CleanFeedSchema (zod mini) in the
 * API's zod, for validation and OpenAPI; FeedPreview is held to CleanFeed below.
 */
export const FeedPreviewSchema = z.object({
  title: z.string().max(FEED_TITLE_MAX_LENGTH),
  items: z
    .array(
      z.object({
        title: z.string().max(FEED_TITLE_MAX_LENGTH),
        /** Plain text: no markup ever. */
        text: z.string().max(FEED_TEXT_MAX_LENGTH),
        /** An http(s) image address, when the item has one. */
        image: z.string().optional(),
        /** Epoch ms, when the item says. */
        published: z.int().optional(),
      }),
    )
    .max(FEED_MAX_ITEMS),
  /** When the server fetched it (epoch ms). */
  fetchedAt: z.int(),
});
export type FeedPreview = z.output<typeof FeedPreviewSchema>;
/** A CleanFeed is a FeedPreview and the other way round: a drift between the two fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _previewIsCleanFeed: Same<FeedPreview, CleanFeed> = true;
