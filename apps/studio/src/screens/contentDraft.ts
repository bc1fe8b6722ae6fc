// What the operator is assigning to a screen, before it is saved: one web page, one image or video from the media
// library, or a playlist of both with a duration each. Pure, so the rules are tested without a browser.

import type { ContentItemInput, ContentSource, ScreenPatch } from '../api/types';

export type DraftMode = 'url' | 'media' | 'playlist';

export interface DraftRow {
  key: string;
  kind: 'url' | 'media';
  src: string;
  mediaId: string | null;
  seconds: number;
}

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
  return {
    key: newRowKey(),
    kind: source.mediaId === undefined ? 'url' : 'media',
    src: source.src ?? '',
    mediaId: source.mediaId ?? null,
    seconds: Math.max(1, Math.round(source.durationMs / 1000)),
  };
}

export function draftOf(sources: readonly ContentSource[]): ContentDraft {
  const rows = sources.map(rowOf);
  const [only] = rows;
  if (rows.length > 1) return { mode: 'playlist', url: '', mediaId: null, rows };
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
    if (row.kind === 'url' && !HTTP_URL.test(row.src.trim())) errors[row.key] = CONTENT_MESSAGES.url;
    else if (row.kind === 'media' && row.mediaId === null) errors[row.key] = CONTENT_MESSAGES.media;
    else if (!Number.isFinite(row.seconds) || row.seconds < 1) errors[row.key] = CONTENT_MESSAGES.seconds;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    items: rows.map((row) =>
      row.kind === 'url'
        ? { type: 'url' as const, src: row.src.trim(), durationMs: Math.round(row.seconds * 1000) }
        : { src: row.mediaId as string, durationMs: Math.round(row.seconds * 1000) },
    ),
  };
}
