// Layouts as a player reads them (docs/layouts.md §The player's form): zones placed in percent of the screen, each
// playing a playlist or a built-in app. The management API takes the operator's form (@marquee/management-api's
// layouts.ts) and the server turns it into this one: a feed's URL becomes the server's cached copy, an app's
// configuration a JSON string (the realtime tree takes no arbitrary keys). The realtime tree drops empty lists and
// stores lists as index-keyed objects: a reader restores the arrays first (restoreArrays). Members are optional
// rather than nullable, since the tree keeps no nulls either.

import * as z from 'zod/mini';
import { ID_MAX_LENGTH, LABEL_MAX_LENGTH, boundedString, httpUrl, nonEmptyString } from './schemaText';

/** Most zones on one layout. */
export const LAYOUT_MAX_ZONES = 12;
/** A zone id: letters, digits, '-' and '_', unique within its layout. */
export const ZONE_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const ZONE_NAME_MAX_LENGTH = 60;
/** Highest stacking order of a zone; higher is in front. */
export const ZONE_Z_MAX = 99;
/** How long a layout shows when it takes turns with other content in one segment. */
export const LAYOUT_DEFAULT_DURATION_MS = 60_000;
export const LAYOUT_ASPECTS = ['landscape', 'portrait'] as const;
export type LayoutAspect = (typeof LAYOUT_ASPECTS)[number];
/** A colour as '#rrggbb'. */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const LAYOUT_DEFAULT_BACKGROUND = '#000000';

/** The built-in apps a zone can show. */
export const APP_TYPES = ['clock', 'text', 'ticker', 'feed', 'qr', 'html'] as const;
export type AppType = (typeof APP_TYPES)[number];
export const CLOCK_FORMATS = ['24h', '12h'] as const;
export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const TICKER_DIRECTIONS = ['left', 'right'] as const;
export const FEED_DISPLAYS = ['carousel', 'list'] as const;
/** Longest text of a text or ticker app. */
export const APP_TEXT_MAX_LENGTH = 2000;
/** Text size in percent of the zone's height. */
export const APP_FONT_SIZE_MIN = 1;
export const APP_FONT_SIZE_MAX = 100;
/** Ticker speed in CSS pixels per second. */
export const TICKER_SPEED_MIN = 10;
export const TICKER_SPEED_MAX = 2000;
export const TICKER_DEFAULT_SPEED = 120;
/** A feed app shows at most this many of the feed's items. */
export const FEED_MAX_ITEMS = 50;
export const FEED_ITEM_DURATION_MIN_MS = 2000;
export const FEED_ITEM_DURATION_MAX_MS = 10 * 60 * 1000;
/** Longest configuration of an html app, as JSON text. */
export const APP_CONFIG_MAX_LENGTH = 16 * 1024;
export const QR_CAPTION_MAX_LENGTH = 120;

const colour = z.string().check(z.regex(HEX_COLOUR_PATTERN));

const ClockAppSchema = z.object({
  type: z.literal('clock'),
  format: z.optional(z.enum(CLOCK_FORMATS)),
  showDate: z.optional(z.boolean()),
  showSeconds: z.optional(z.boolean()),
  color: z.optional(colour),
  background: z.optional(colour),
});

const textStyle = {
  /** Percent of the zone's height. */
  fontSize: z.optional(z.number().check(z.gte(APP_FONT_SIZE_MIN), z.lte(APP_FONT_SIZE_MAX))),
  color: z.optional(colour),
  background: z.optional(colour),
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
};

const TextAppSchema = z.object({
  type: z.literal('text'),
  text: nonEmptyString(APP_TEXT_MAX_LENGTH),
  align: z.optional(z.enum(TEXT_ALIGNMENTS)),
  ...textStyle,
});

const TickerAppSchema = z.object({
  type: z.literal('ticker'),
  text: nonEmptyString(APP_TEXT_MAX_LENGTH),
  /** CSS pixels per second. */
  speed: z.optional(z.number().check(z.gte(TICKER_SPEED_MIN), z.lte(TICKER_SPEED_MAX))),
  /** Where the text moves to. */
  direction: z.optional(z.enum(TICKER_DIRECTIONS)),
  ...textStyle,
});

const FeedAppSchema = z.object({
  type: z.literal('feed'),
  /** The feed's own address, for the record; the player never fetches it. */
  url: httpUrl(),
  /** The server's cleaned copy (GET /feeds/{id}), which the player fetches and keeps for offline. */
  src: httpUrl(),
  display: z.optional(z.enum(FEED_DISPLAYS)),
  maxItems: z.optional(z.int().check(z.gte(1), z.lte(FEED_MAX_ITEMS))),
  itemDurationMs: z.optional(
    z.int().check(z.gte(FEED_ITEM_DURATION_MIN_MS), z.lte(FEED_ITEM_DURATION_MAX_MS)),
  ),
  showImages: z.optional(z.boolean()),
  ...textStyle,
});

const QrAppSchema = z.object({
  type: z.literal('qr'),
  url: httpUrl(),
  caption: z.optional(nonEmptyString(QR_CAPTION_MAX_LENGTH)),
  color: z.optional(colour),
  background: z.optional(colour),
});

const HtmlAppSchema = z.object({
  type: z.literal('html'),
  url: httpUrl(),
  /** The operator's configuration as JSON text (an object), handed to the app by getContext(). */
  config: z.optional(boundedString(APP_CONFIG_MAX_LENGTH)),
});

export const PlayerAppSpecSchema = z.discriminatedUnion('type', [
  ClockAppSchema,
  TextAppSchema,
  TickerAppSchema,
  FeedAppSchema,
  QrAppSchema,
  HtmlAppSchema,
]);
export type PlayerAppSpec = z.infer<typeof PlayerAppSpecSchema>;
export type PlayerAppSpecOf<T extends AppType> = Extract<PlayerAppSpec, { type: T }>;

/** Percent of the screen, 0-100. */
const percent = z.number().check(z.gte(0), z.lte(100));

export const PlayerZoneSchema = z.object({
  id: z.string().check(z.regex(ZONE_ID_PATTERN)),
  name: z.optional(boundedString(ZONE_NAME_MAX_LENGTH)),
  x: percent,
  y: percent,
  width: percent,
  height: percent,
  z: z.optional(z.int().check(z.gte(0), z.lte(ZONE_Z_MAX))),
  /** Exactly one of playlistId (a key of the timeline's playlists) and app. */
  playlistId: z.optional(nonEmptyString(ID_MAX_LENGTH)),
  app: z.optional(PlayerAppSpecSchema),
});
export type PlayerZone = z.infer<typeof PlayerZoneSchema>;

export const PlayerLayoutSchema = z.object({
  name: nonEmptyString(LABEL_MAX_LENGTH),
  background: z.optional(colour),
  /** How long it shows when it takes turns with other content (LAYOUT_DEFAULT_DURATION_MS when absent). */
  durationMs: z.optional(z.int().check(z.positive())),
  /** Absent when the layout has no zones (the tree drops empty lists). */
  zones: z.optional(z.array(PlayerZoneSchema).check(z.maxLength(LAYOUT_MAX_ZONES))),
});
export type PlayerLayout = z.infer<typeof PlayerLayoutSchema>;

/** What GET /feeds/{id} answers: a feed cleaned down to text and image addresses. */
export const FEED_TITLE_MAX_LENGTH = 300;
export const FEED_TEXT_MAX_LENGTH = 2000;

export const CleanFeedItemSchema = z.object({
  title: boundedString(FEED_TITLE_MAX_LENGTH),
  /** Plain text: every tag stripped, entities decoded. */
  text: boundedString(FEED_TEXT_MAX_LENGTH),
  /** An http(s) image address, when the item has one. */
  image: z.optional(httpUrl()),
  /** Epoch ms, when the item says. */
  published: z.optional(z.int()),
});
export type CleanFeedItem = z.infer<typeof CleanFeedItemSchema>;

export const CleanFeedSchema = z.object({
  title: boundedString(FEED_TITLE_MAX_LENGTH),
  items: z.array(CleanFeedItemSchema).check(z.maxLength(FEED_MAX_ITEMS)),
  /** When the server last fetched it successfully (epoch ms). */
  fetchedAt: z.int(),
});
export type CleanFeed = z.infer<typeof CleanFeedSchema>;
