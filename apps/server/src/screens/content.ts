// A screen's content: what the operator assigns (the contract's ContentInputSchema: a list of items, or a single
// URL or media id) and the manifest the player gets at players/{id}/app/data ({version, items}, protocol's
// AppDataSchema; docs/data-model.md §Content manifest). Media items point at /media/{id}?v={hash}, so replacing a
// file's bytes changes the URL and no cache serves the old ones. The version rises with every change of what the
// screen shows (items, order, durations, replaced media) and only then.

import { MEDIA_ID_PATTERN, type AppConfig, type ContentItems } from '@marquee/management-api';
import { AppDataItemSchema, type AppData, type AppDataItem, type AppDataItemType } from '@marquee/protocol';
import { invalid } from '../domain/errors';
import { mediaKind, mediaUrl, type MediaRef } from '../media/mediaCatalog';

/** How long an item shows when the operator gives no duration. */
export const DEFAULT_ITEM_DURATION_MS = 10_000;
const HTTP_URL = /^https?:\/\//i;

/** What the operator assigned, kept so that the manifest can be rebuilt when a media file changes. */
export type ContentSource =
  | { type: AppDataItemType; durationMs: number; src: string; config?: AppConfig }
  | { type: AppDataItemType; durationMs: number; mediaId: string };

/** The screens.content column: the manifest the player has, and where its items come from. */
export interface StoredContent {
  version: number;
  items: AppDataItem[];
  sources: ContentSource[];
}

export const emptyContent = (version = 1): StoredContent => ({ version, items: [], sources: [] });

/** The stored column, read leniently (rows written before a field existed read as empty). */
export function parseStoredContent(text: string, fallbackVersion: number): StoredContent {
  let value: Partial<StoredContent> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Partial<StoredContent>;
  } catch {
    // an unreadable column is no content
  }
  return {
    version:
      typeof value.version === 'number' && value.version > 0 ? value.version : Math.max(1, fallbackVersion),
    items: Array.isArray(value.items) ? value.items : [],
    sources: Array.isArray(value.sources) ? value.sources : [],
  };
}

export function manifestOf(content: StoredContent): AppData {
  return { version: content.version, items: content.items };
}

/** The media ids `sources` name. */
export function mediaIdsOfSources(sources: readonly ContentSource[]): string[] {
  return [...new Set(sources.flatMap((source) => ('mediaId' in source ? [source.mediaId] : [])))];
}

/** The stored sources of a JSON column (a playlist's items), read leniently: an unreadable column is none. */
export function parseSources(text: string): ContentSource[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ContentSource[]) : [];
  } catch {
    return [];
  }
}

/** The media ids `input` names, to look up in one query. */
export function mediaIdsOf(input: ContentItems): string[] {
  const sources = input.map((item) => item.src);
  return [...new Set(sources.filter((src) => !HTTP_URL.test(src) && MEDIA_ID_PATTERN.test(src)))];
}

/**
 * The sources `input` assigns. `media` holds the organisation's media among mediaIdsOf(input). A 400 names the
 * offending item ('content.2.src', or under `field`: a playlist's 'items.2.src') for a src that is neither an
 * http(s) URL nor a media id of the organisation, and for a type that contradicts the media file.
 */
export function resolveSources(
  input: ContentItems,
  media: ReadonlyMap<string, MediaRef>,
  field = 'content',
): ContentSource[] {
  return input.map((item, index) => {
    const srcField = `${field}.${index}.src`;
    const durationMs = item.durationMs ?? DEFAULT_ITEM_DURATION_MS;
    if (HTTP_URL.test(item.src)) {
      const source = { type: item.type ?? 'url', durationMs, src: item.src };
      // The contract lets only an app item carry a config (ContentInputSchema).
      return item.config === undefined ? source : { ...source, config: item.config };
    }
    const file = MEDIA_ID_PATTERN.test(item.src) ? media.get(item.src) : undefined;
    if (file === undefined) {
      throw invalid(
        'INVALID_CONTENT',
        `${srcField} must be an http(s) URL or the id of a media file of your organisation`,
        srcField,
      );
    }
    const kind = mediaKind(file.contentType);
    if (item.type !== undefined && item.type !== kind) {
      throw invalid(
        'INVALID_CONTENT',
        `${srcField} is a ${kind} file, not ${item.type === 'url' ? 'a' : 'an'} ${item.type}`,
        `${field}.${index}.type`,
      );
    }
    return { type: kind, durationMs, mediaId: file.id };
  });
}

/**
 * The manifest items of `sources`, each checked against protocol's AppDataItemSchema (a 400 names the item).
 * Sources whose media file is gone are left out; a media item's type is its file's current kind.
 */
export function buildItems(
  sources: readonly ContentSource[],
  media: ReadonlyMap<string, MediaRef>,
  publicUrl: string,
  field = 'content',
): AppDataItem[] {
  const items: AppDataItem[] = [];
  sources.forEach((source, index) => {
    let item: AppDataItem;
    if ('mediaId' in source) {
      const file = media.get(source.mediaId);
      if (file === undefined) return;
      // The file's bytes decide, also after they were replaced by another kind.
      item = {
        type: mediaKind(file.contentType),
        src: mediaUrl(publicUrl, file),
        durationMs: source.durationMs,
      };
    } else {
      item = { type: source.type, src: source.src, durationMs: source.durationMs };
      // The player's tree takes no arbitrary keys: an app's configuration travels as JSON text.
      if (source.type === 'app' && source.config !== undefined) item.config = JSON.stringify(source.config);
    }
    const checked = AppDataItemSchema.safeParse(item);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const itemField = `${field}.${index}.${String(issue?.path[0] ?? 'src')}`;
      throw invalid(
        'INVALID_CONTENT',
        `Invalid ${itemField}: ${issue?.message ?? 'invalid value'}`,
        itemField,
      );
    }
    items.push(checked.data);
  });
  return items;
}

/** The next stored content: same version when the items are unchanged, the next version otherwise. */
export function nextContent(
  current: StoredContent,
  sources: ContentSource[],
  items: AppDataItem[],
): { content: StoredContent; changed: boolean } {
  const changed = JSON.stringify(items) !== JSON.stringify(current.items);
  return {
    content: { version: changed ? current.version + 1 : current.version, items, sources },
    changed,
  };
}
