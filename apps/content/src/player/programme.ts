// What the screen plays, from the manifest and, when it has a timeline, the segment showing now
// (docs/schedules.md §Player behaviour): the segment's playlists one after another, an override's message, or
// the idle screen. Without a timeline, the manifest's items, as before timelines existed. A segment that names a
// layout (docs/layouts.md §Playback) plays in turns: each layout for its durationMs, the playlists' items between.

import { LAYOUT_DEFAULT_DURATION_MS, type AppDataItem, type PlayerLayout } from '@marquee/protocol';
import type { Manifest } from './manifest';
import { contentKey, type Showing } from './showing';

/** Items to play in order; `key` names the content, so the same content plays on without a restart. */
export interface Playable {
  key: string;
  items: AppDataItem[];
}

/** A layout on screen: each playlist zone's items by zone id (a zone whose playlist is missing has none). */
export interface LayoutShow {
  key: string;
  layoutId: string;
  layout: PlayerLayout;
  zones: Record<string, Playable>;
}

/** One turn of a segment that names layouts: a run of playlists' items, or a layout. */
export type Turn =
  | { kind: 'items'; playable: Playable; durationMs: number }
  | { kind: 'layout'; show: LayoutShow; durationMs: number };

export type Programme =
  | { kind: 'items'; playable: Playable }
  | { kind: 'turns'; key: string; turns: Turn[] }
  | { kind: 'message'; key: string; message: string }
  | { kind: 'idle'; key: string };

export const IDLE: Programme = { kind: 'idle', key: 'idle' };

/** FNV-1a of a text, in base 36. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** A short name for a list of items (FNV-1a of its JSON): equal lists get equal keys. */
export function itemsKey(items: readonly AppDataItem[]): string {
  return `${hashOf(JSON.stringify(items))}.${items.length}`;
}

type Timeline = NonNullable<Manifest['timeline']>;

function layoutShow(
  timeline: Timeline,
  layoutId: string,
  layout: PlayerLayout,
  report: (message: string) => void,
) {
  const zones: Record<string, Playable> = {};
  for (const zone of layout.zones ?? []) {
    if (zone.playlistId === undefined) continue;
    const playlist = timeline.playlists[zone.playlistId];
    if (playlist === undefined) {
      report(`The timeline names playlist ${zone.playlistId} of layout ${layoutId} but does not carry it`);
      continue;
    }
    zones[zone.id] = { key: `${layoutId}:${zone.id}:${itemsKey(playlist.items)}`, items: playlist.items };
  }
  const key = `layout:${layoutId}:${hashOf(JSON.stringify([layout, zones]))}`;
  return { key, layoutId, layout, zones };
}

/** A segment's turns: consecutive playlists' items together (as a playlists-only segment plays them), each layout alone. */
function turnsOf(timeline: Timeline, keys: readonly string[], report: (message: string) => void): Turn[] {
  const turns: Turn[] = [];
  let run: AppDataItem[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const durationMs = run.reduce((sum, item) => sum + item.durationMs, 0);
    turns.push({ kind: 'items', playable: { key: itemsKey(run), items: run }, durationMs });
    run = [];
  };
  for (const key of keys) {
    const layout = timeline.layouts[key];
    const playlist = timeline.playlists[key];
    if (layout !== undefined) {
      endRun();
      const show = layoutShow(timeline, key, layout, report);
      turns.push({ kind: 'layout', show, durationMs: layout.durationMs ?? LAYOUT_DEFAULT_DURATION_MS });
    } else if (playlist !== undefined) run = [...run, ...playlist.items];
    else report(`The timeline names playlist ${key} but does not carry it`);
  }
  endRun();
  return turns;
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
  const timeline = manifest.timeline;
  if (
    segment.source.kind !== 'idle' &&
    segment.playlistIds.some((key) => timeline.layouts[key] !== undefined)
  ) {
    const turns = turnsOf(timeline, segment.playlistIds, report);
    if (turns.length === 0) return IDLE;
    return { kind: 'turns', key: `turns:${hashOf(JSON.stringify(turns))}`, turns };
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
