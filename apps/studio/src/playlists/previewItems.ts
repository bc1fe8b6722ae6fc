// What the preview shows of each playlist item: a media file's image or video (from the API origin, like the
// media library), a web page's address (the studio may frame no page, docs/security.md §Headers), or that the item
// is not chosen yet.

import type { Media } from '../api/types';
import { mediaSrc } from '../media/mediaSrc';
import type { DraftRow } from '../screens/contentDraft';

export interface PreviewItem {
  key: string;
  kind: 'url' | 'image' | 'video' | 'missing';
  src: string;
  label: string;
  seconds: number;
}

export function previewItemsOf(
  rows: readonly DraftRow[],
  media: readonly Media[],
  apiUrl: string,
): PreviewItem[] {
  const byId = new Map(media.map((file) => [file.id, file]));
  return rows.map((row) => {
    const seconds = Number.isFinite(row.seconds) && row.seconds >= 1 ? row.seconds : 1;
    // An app is shown by its address, like a web page: the studio frames no page.
    if (row.kind === 'url' || row.kind === 'app') {
      const src = row.src.trim();
      return {
        key: row.key,
        kind: src === '' ? 'missing' : 'url',
        src,
        label: src || 'No address yet',
        seconds,
      };
    }
    const file = row.mediaId === null ? undefined : byId.get(row.mediaId);
    return file === undefined
      ? { key: row.key, kind: 'missing', src: '', label: 'No file chosen', seconds }
      : { key: row.key, kind: file.kind, src: mediaSrc(file.url, apiUrl), label: file.filename, seconds };
  });
}
