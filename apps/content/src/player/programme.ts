// What the screen plays, from the manifest and, when it has a timeline, the segment showing now
// (docs/schedules.md §Player behaviour): the segment's playlists one after another, an override's message, or
// the idle screen. Without a timeline, the manifest's items, as before timelines existed.

import type { AppDataItem } from '@marquee/protocol';
import type { Manifest } from './manifest';
import { contentKey, type Showing } from './showing';

/** Items to play in order; `key` names the content, so the same content plays on without a restart. */
export interface Playable {
  key: string;
  items: AppDataItem[];
}

export type Programme =
  | { kind: 'items'; playable: Playable }
  | { kind: 'message'; key: string; message: string }
  | { kind: 'idle'; key: string };

export const IDLE: Programme = { kind: 'idle', key: 'idle' };

/** A short name for a list of items (FNV-1a of its JSON): equal lists get equal keys. */
export function itemsKey(items: readonly AppDataItem[]): string {
  const text = JSON.stringify(items);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(36)}.${items.length}`;
}

/** The programme now; `report` hears of playlists the timeline names but does not carry. */
export function programmeOf(
  manifest: Manifest,
  showing: Showing | null,
  report: (message: string) => void,
): Programme | null {
  if (manifest.timeline === null) {
    return { kind: 'items', playable: { key: `version:${manifest.version}`, items: manifest.items } };
  }
  if (showing === null) return null;
  const { segment } = showing;
  if (segment.message !== null) {
    return { kind: 'message', key: contentKey(segment), message: segment.message };
  }
  const items: AppDataItem[] = [];
  for (const key of segment.playlistIds) {
    const playlist = manifest.timeline.playlists[key];
    if (playlist === undefined) report(`The timeline names playlist ${key} but does not carry it`);
    else items.push(...playlist.items);
  }
  if (segment.source.kind === 'idle' || items.length === 0) return IDLE;
  return { kind: 'items', playable: { key: itemsKey(items), items } };
}
