// The player timeline in app/data (docs/schedules.md §Player timeline), as the content player reads it. The
// realtime store keeps neither nulls nor empty arrays and stores arrays as index-keyed objects, so a value read
// back lacks `endsOn: null`, `playlistIds: []`, `message: null`…: they are put back before the rules are checked
// with the engine's own schema. A timeline that does not hold together is refused as a whole (the caller then
// plays the manifest's items, as a player without timeline support would); a bad item is skipped and reported.

import { AppDataItemSchema, type AppDataItem } from '@marquee/protocol';
import { TimelineRulesSchema, type Segment, type SegmentKind, type TimelineRules } from '@marquee/timeline';

export interface TimelinePlaylist {
  name: string;
  items: AppDataItem[];
}

export interface PlayerTimeline {
  timezone: string;
  generatedAt: number;
  /** The segments cover [generatedAt, horizonEnd); past it the player resolves the rules itself. */
  horizonEnd: number;
  playlists: Record<string, TimelinePlaylist>;
  rules: TimelineRules;
  segments: Segment[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInstant = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
const orNull = (value: unknown) => (value === undefined ? null : value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const KINDS: readonly SegmentKind[] = ['override', 'schedule', 'default', 'idle'];

function restoreRules(raw: Json): unknown {
  return {
    timezone: raw.timezone,
    schedules: list(raw.schedules).map((rule) =>
      isRecord(rule)
        ? {
            ...rule,
            endsOn: orNull(rule.endsOn),
            days: orNull(rule.days),
            from: orNull(rule.from),
            to: orNull(rule.to),
            timezone: orNull(rule.timezone),
          }
        : rule,
    ),
    overrides: list(raw.overrides).map((rule) =>
      isRecord(rule) ? { ...rule, playlistId: orNull(rule.playlistId), message: orNull(rule.message) } : rule,
    ),
    defaultContent: orNull(raw.defaultContent),
  };
}

function parseSegment(raw: unknown): Segment | null {
  if (!isRecord(raw) || !isInstant(raw.start) || !isInstant(raw.end) || raw.end <= raw.start) return null;
  const source = isRecord(raw.source) ? raw.source : null;
  const kind = source?.kind;
  if (source === null || !KINDS.includes(kind as SegmentKind)) return null;
  const playlistIds = list(raw.playlistIds);
  const message = orNull(raw.message);
  const id = orNull(source.id);
  const name = orNull(source.name);
  if (!playlistIds.every((key) => typeof key === 'string')) return null;
  if (message !== null && typeof message !== 'string') return null;
  if ((id !== null && typeof id !== 'string') || (name !== null && typeof name !== 'string')) return null;
  return {
    start: raw.start,
    end: raw.end,
    source: { kind: kind as SegmentKind, id, name },
    playlistIds: playlistIds as string[],
    message,
    reason: typeof raw.reason === 'string' ? raw.reason : '',
  };
}

export type TimelineParse = { timeline: PlayerTimeline; skipped: string[] } | { problem: string };

/** The timeline in `value` (app/data.timeline with its arrays restored), or why it cannot be followed. */
export function parseTimeline(value: unknown): TimelineParse {
  if (!isRecord(value)) return { problem: 'the timeline is not an object' };
  const { timezone, generatedAt, horizonEnd } = value;
  if (typeof timezone !== 'string') return { problem: 'the timeline has no time zone' };
  if (!isInstant(generatedAt) || !isInstant(horizonEnd) || horizonEnd < generatedAt) {
    return { problem: 'the timeline has no valid generatedAt and horizonEnd' };
  }
  const rules = TimelineRulesSchema.safeParse(restoreRules(isRecord(value.rules) ? value.rules : {}));
  if (!rules.success) {
    const issue = rules.error.issues[0];
    return {
      problem: `its rules do not hold: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    };
  }
  const segments: Segment[] = [];
  for (const [index, raw] of list(value.segments).entries()) {
    const segment = parseSegment(raw);
    const previous = segments[segments.length - 1];
    if (segment === null) return { problem: `segment ${index + 1} is not a segment: ${JSON.stringify(raw)}` };
    if (previous !== undefined && segment.start < previous.end) {
      return { problem: `segment ${index + 1} starts before the one before it ends` };
    }
    segments.push(segment);
  }
  const skipped: string[] = [];
  const playlists: Record<string, TimelinePlaylist> = {};
  for (const [key, raw] of Object.entries(isRecord(value.playlists) ? value.playlists : {})) {
    const playlist = isRecord(raw) ? raw : {};
    const items: AppDataItem[] = [];
    list(playlist.items).forEach((item, index) => {
      const parsed = AppDataItemSchema.safeParse(item);
      if (parsed.success) items.push(parsed.data);
      else skipped.push(`playlist ${key} item ${index + 1} is not a playable item: ${JSON.stringify(item)}`);
    });
    playlists[key] = { name: typeof playlist.name === 'string' ? playlist.name : key, items };
  }
  return {
    timeline: { timezone, generatedAt, horizonEnd, playlists, rules: rules.data, segments },
    skipped,
  };
}
