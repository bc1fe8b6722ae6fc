// What a schedule or an override shows, by name: a playlist or a layout (docs/layouts.md). Exactly one is set
// for a schedule; an override may show a message instead, and then neither is.

import type { NamedRef } from '../api/types';

export type ContentKind = 'playlist' | 'layout';

export interface ShownContent extends NamedRef {
  kind: ContentKind;
}

export function shownContent(source: {
  playlist: NamedRef | null;
  layout: NamedRef | null;
}): ShownContent | null {
  if (source.playlist !== null) return { kind: 'playlist', ...source.playlist };
  if (source.layout !== null) return { kind: 'layout', ...source.layout };
  return null;
}
