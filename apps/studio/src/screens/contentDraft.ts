// What the operator is assigning to a screen, before it is saved: one web page, one image or video from the media
// library, or a playlist of both with a duration each. Pure, so the rules are tested without a browser.

import type { ContentItemInput, ContentSource, ScreenPatch } from '../api/types';
import { appConfigTextOf, checkAppConfigText } from '../apps/appConfigText';

export type DraftMode = 'url' | 'media' | 'playlist';

export interface DraftRow {
  key: string;
  /** 'app': an operator's HTML app (docs/apps.md), its address in src. */
  kind: 'url' | 'media' | 'app';
  src: string;
  mediaId: string | null;
  seconds: number;
  /** An app's configuration as typed (JSON text, empty for none). */
  config?: string;
}

/** Where a row's configuration problem is kept among the errors (the row's own key holds its address's). */
export const configErrorKey = (rowKey: string) => `${rowKey}.config`;

export interface ContentDraft {
  mode: DraftMode;
  url: string;
  mediaId: string | null;
  rows: DraftRow[];
}

/** A playlist item shows for this long unless the operator says otherwise. */
export const DEFAULT_ITEM_SECONDS = 10;

export const CONTENT_MESSAGES = {
  url: 'Enter a web address starting with http:// or https://',
  media: 'Choose an image or video from the media library',
  empty: 'Add at least one item to the playlist',
  seconds: 'Show each item for at least 1 second',
} as const;

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

let keyCounter = 0;
export const newRowKey = () => `row-${++keyCounter}`;

export function rowOf(source: ContentSource): DraftRow {
  const row: DraftRow = {
    key: newRowKey(),
    kind: source.mediaId === undefined ? 'url' : 'media',
    src: source.src ?? '',
    mediaId: source.mediaId ?? null,
    seconds: Math.max(1, Math.round(source.durationMs / 1000)),
  };
  return source.type === 'app' ? { ...row, kind: 'app', config: appConfigTextOf(source.config) } : row;
}

export function draftOf(sources: readonly ContentSource[]): ContentDraft {
  const rows = sources.map(rowOf);
  const [only] = rows;
  // An app is edited as a list item, even alone: the single-page form has no configuration.
  if (rows.length > 1 || only?.kind === 'app') return { mode: 'playlist', url: '', mediaId: null, rows };
  if (only?.kind === 'media') return { mode: 'media', url: '', mediaId: only.mediaId, rows };
  return { mode: 'url', url: only?.src ?? '', mediaId: null, rows };
}

export type DraftCheck =
  { ok: true; content: NonNullable<ScreenPatch['content']> } | { ok: false; errors: Record<string, string> };

/** The content to send, or the message for each field that is wrong (keyed 'url', 'mediaId', 'rows', '{key}'). */
export function checkDraft(draft: ContentDraft): DraftCheck {
  if (draft.mode === 'url') {
    return HTTP_URL.test(draft.url.trim())
      ? { ok: true, content: [{ type: 'url', src: draft.url.trim() }] }
      : { ok: false, errors: { url: CONTENT_MESSAGES.url } };
  }
  if (draft.mode === 'media') {
    return draft.mediaId === null
      ? { ok: false, errors: { mediaId: CONTENT_MESSAGES.media } }
      : { ok: true, content: [{ src: draft.mediaId }] };
  }
  if (draft.rows.length === 0) return { ok: false, errors: { rows: CONTENT_MESSAGES.empty } };
  const checked = checkRows(draft.rows);
  return checked.ok ? { ok: true, content: checked.items } : checked;
}

export type RowsCheck =
  { ok: true; items: ContentItemInput[] } | { ok: false; errors: Record<string, string> };

/** A list's items to send (a playlist's, a screen's own), or the message for each row that is wrong (by key). */
export function checkRows(rows: readonly DraftRow[]): RowsCheck {
  const errors: Record<string, string> = {};
  for (const row of rows) {
    if (row.kind !== 'media' && !HTTP_URL.test(row.src.trim())) errors[row.key] = CONTENT_MESSAGES.url;
    else if (row.kind === 'media' && row.mediaId === null) errors[row.key] = CONTENT_MESSAGES.media;
    else if (!Number.isFinite(row.seconds) || row.seconds < 1) errors[row.key] = CONTENT_MESSAGES.seconds;
    const config = row.kind === 'app' ? checkAppConfigText(row.config ?? '') : null;
    if (config?.ok === false) errors[configErrorKey(row.key)] = config.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, items: rows.map(itemOf) };
}

function itemOf(row: DraftRow): ContentItemInput {
  const durationMs = Math.round(row.seconds * 1000);
  if (row.kind === 'media') return { src: row.mediaId as string, durationMs };
  if (row.kind === 'url') return { type: 'url', src: row.src.trim(), durationMs };
  const config = checkAppConfigText(row.config ?? '');
  return {
    type: 'app',
    src: row.src.trim(),
    durationMs,
    ...(config.ok && config.config !== undefined ? { config: config.config } : {}),
  };
}
