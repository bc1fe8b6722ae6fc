// The player timeline in app/data (docs/schedules.md §Player timeline), as the content player reads it: checked
// with the engine package's PlayerTimelineSchema, which puts back the nulls and empty lists the realtime store
// drops. A playlist item that is not playable is skipped and reported first (one broken entry must not set the
// whole schedule aside); a timeline that still does not hold together is refused as a whole, and the caller then
// plays the manifest's items, as a player without timeline support would.

import { AppDataItemSchema, PlayerLayoutSchema } from '@marquee/protocol';
import {
  PlayerTimelineSchema,
  type PlayerTimeline as CheckedTimeline,
  type Segment,
} from '@marquee/timeline';

/** The timeline with the engine's segments (their reason, when the server sent one, kept for getContentState). */
export type PlayerTimeline = Omit<CheckedTimeline, 'segments'> & { segments: Segment[] };
export type TimelinePlaylist = PlayerTimeline['playlists'][string];

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` with every playlist's unplayable items left out, each reported in `skipped`. */
function withPlayableItems(value: Json, skipped: string[]): Json {
  if (!isRecord(value.playlists)) return value;
  const playlists: Json = {};
  for (const [key, playlist] of Object.entries(value.playlists)) {
    if (!isRecord(playlist) || !Array.isArray(playlist.items)) {
      playlists[key] = playlist;
      continue;
    }
    const items = playlist.items.filter((item, index) => {
      const playable = AppDataItemSchema.safeParse(item).success;
      if (!playable)
        skipped.push(`playlist ${key} item ${index + 1} is not a playable item: ${JSON.stringify(item)}`);
      return playable;
    });
    playlists[key] = { ...playlist, items };
  }
  return { ...value, playlists };
}

/**
 * `value` with every layout that does not hold together left out and reported in `skipped`: a segment naming it
 * then reports it missing, and the rest of the schedule plays on (docs/layouts.md §Playback).
 */
function withValidLayouts(value: Json, skipped: string[]): Json {
  if (!isRecord(value.layouts)) return value;
  const layouts: Json = {};
  for (const [key, layout] of Object.entries(value.layouts)) {
    const parsed = PlayerLayoutSchema.safeParse(layout);
    if (parsed.success) layouts[key] = layout;
    else {
      const issue = parsed.error.issues[0];
      skipped.push(`layout ${key} is not a layout (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
    }
  }
  return { ...value, layouts };
}

export type TimelineParse = { timeline: PlayerTimeline; skipped: string[] } | { problem: string };

/** The timeline in `value` (app/data.timeline with its arrays restored), or why it cannot be followed. */
export function parseTimeline(value: unknown): TimelineParse {
  if (!isRecord(value)) return { problem: 'the timeline is not an object' };
  const skipped: string[] = [];
  const parsed = PlayerTimelineSchema.safeParse(withValidLayouts(withPlayableItems(value, skipped), skipped));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not a timeline'}` };
  }
  const { generatedAt, horizonEnd } = parsed.data;
  if (horizonEnd < generatedAt) return { problem: 'horizonEnd is before generatedAt' };
  const raw = Array.isArray(value.segments) ? value.segments : [];
  const segments: Segment[] = [];
  for (const [index, segment] of parsed.data.segments.entries()) {
    const previous = segments[segments.length - 1];
    if (segment.end <= segment.start) return { problem: `segment ${index + 1} ends before it starts` };
    if (previous !== undefined && segment.start < previous.end) {
      return { problem: `segment ${index + 1} starts before the one before it ends` };
    }
    const reason: unknown = (raw[index] as Json | undefined)?.reason;
    segments.push({ ...segment, reason: typeof reason === 'string' ? reason : '' });
  }
  return { timeline: { ...parsed.data, segments }, skipped };
}
