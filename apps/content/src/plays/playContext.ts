// What a play says about the item on screen (docs/proof-of-play.md §Recording): the playlist it came from,
// the schedule or override whose window showed it (the segment's source), a name, its planned time and the
// screen's zone. The content player's items carry no id or name of their own yet: the name is the file or page the
// URL names, and the server snapshots the library's name beside it.

import type { AppDataItem } from '@marquee/protocol';
import { OWN_ITEMS_PLAYLIST_KEY } from '@marquee/timeline';
import type { Showing } from '../player/showing';
import type { PlayerTimeline } from '../player/timeline';
import type { PlayContext } from './playRecorder';

/** The source of a play of an override's message (packages/protocol/src/plays.ts). */
export const MESSAGE_SRC = 'message:';

/** The screen's zone: the timeline's, else the device's own. */
export function screenTimeZone(timeline: PlayerTimeline | null): string {
  return timeline?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The last part of the URL's path ('spring-sale.mp4'), else its host. */
export function nameOfSrc(src: string): string | null {
  try {
    const url = new URL(src);
    const last = url.pathname
      .split('/')
      .filter((part) => part !== '')
      .pop();
    return last === undefined ? url.host || null : decodeURIComponent(last);
  } catch {
    return null;
  }
}

function sourceIds(showing: Showing | null): Pick<PlayContext, 'scheduleId' | 'overrideId'> {
  const source = showing?.segment.source;
  return {
    scheduleId: source?.kind === 'schedule' ? source.id : null,
    overrideId: source?.kind === 'override' ? source.id : null,
  };
}

/**
 * The playlist of the segment that holds `item` (the same object, or failing that the same source: a manifest read
 * again holds equal items in new objects); null for the screen's own items and without a timeline.
 */
function playlistOf(
  item: AppDataItem,
  showing: Showing | null,
  timeline: PlayerTimeline | null,
): string | null {
  if (timeline === null || showing === null) return null;
  const keys = showing.segment.playlistIds;
  const holds = (match: (candidate: AppDataItem) => boolean) =>
    keys.find((key) => timeline.playlists[key]?.items.some(match));
  const key = holds((candidate) => candidate === item) ?? holds((candidate) => candidate.src === item.src);
  return key === undefined || key === OWN_ITEMS_PLAYLIST_KEY ? null : key;
}

export function itemContext(
  item: AppDataItem,
  showing: Showing | null,
  timeline: PlayerTimeline | null,
): PlayContext {
  return {
    src: item.src,
    name: nameOfSrc(item.src),
    playlistId: playlistOf(item, showing, timeline),
    ...sourceIds(showing),
    itemId: null,
    plannedMs: item.durationMs,
    timezone: screenTimeZone(timeline),
  };
}

export function messageContext(
  message: string,
  showing: Showing | null,
  timeline: PlayerTimeline | null,
): PlayContext {
  return {
    src: MESSAGE_SRC,
    name: message,
    playlistId: null,
    ...sourceIds(showing),
    itemId: null,
    plannedMs: null,
    timezone: screenTimeZone(timeline),
  };
}
