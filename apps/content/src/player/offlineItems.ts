// Offline, only what the media cache holds can play: an uploaded file fetched ahead, never a web page or a file
// from another site (docs/schedules.md §Player behaviour). What cannot play is skipped rather than shown as a
// broken frame or the browser's error page.

import type { AppDataItem } from '@marquee/protocol';

export interface OfflineSelection {
  items: AppDataItem[];
  skipped: AppDataItem[];
}

export function playableOffline(
  items: readonly AppDataItem[],
  cached: ReadonlySet<string>,
  resolveSrc: (src: string) => string,
): OfflineSelection {
  const selection: OfflineSelection = { items: [], skipped: [] };
  for (const item of items) {
    const held = item.type !== 'url' && cached.has(resolveSrc(item.src));
    (held ? selection.items : selection.skipped).push(item);
  }
  return selection;
}
