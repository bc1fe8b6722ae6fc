// What tests of the timeline need: a player timeline resolved by the engine as the server resolves it
// (docs/schedules.md §Player timeline), app/data in the realtime store's form (no nulls, no empty arrays,
// index-keyed arrays), and rules that say only what a test cares about.

import { normalizeForWrite, type AppDataItem, type PlayerLayout } from '@marquee/protocol';
import { resolveTimeline, type OverrideRule, type ScheduleRule, type TimelineRules } from '@marquee/timeline';
import type { PlayerTimeline } from './timeline';

export const HOUR = 60 * 60 * 1000;
export const HORIZON_MS = 96 * HOUR;

export const image = (name: string, durationMs = 5000): AppDataItem => ({
  type: 'image',
  src: `http://screen/media/${name}`,
  durationMs,
});

export function schedule(
  fields: Partial<ScheduleRule> & Pick<ScheduleRule, 'id' | 'playlistId'>,
): ScheduleRule {
  return {
    name: fields.id,
    priority: 10,
    startsOn: '2026-01-01',
    endsOn: null,
    days: null,
    from: null,
    to: null,
    timezone: null,
    ...fields,
  };
}

export function override(
  fields: Partial<OverrideRule> & Pick<OverrideRule, 'id' | 'expiresAt'>,
): OverrideRule {
  return { name: fields.id, playlistId: null, message: null, startsAt: 0, ...fields };
}

export function rulesIn(timezone: string, fields: Partial<TimelineRules> = {}): TimelineRules {
  return { timezone, schedules: [], overrides: [], defaultContent: null, ...fields };
}

/** The timeline the server would send at `generatedAt`: its segments over the next 96 hours. */
export function timelineOf(
  rules: TimelineRules,
  generatedAt: number,
  playlists: Record<string, AppDataItem[]>,
  layouts: Record<string, PlayerLayout> = {},
): PlayerTimeline {
  const horizonEnd = generatedAt + HORIZON_MS;
  return {
    timezone: rules.timezone,
    generatedAt,
    horizonEnd,
    playlists: Object.fromEntries(
      Object.entries(playlists).map(([key, items]) => [key, { name: key, items }]),
    ),
    layouts,
    rules,
    segments: resolveTimeline(rules, generatedAt, horizonEnd),
  };
}

/** app/data as the player reads it back from the realtime store. */
export function storedAppData(version: number, items: AppDataItem[], timeline?: PlayerTimeline): unknown {
  return normalizeForWrite({ version, items, ...(timeline === undefined ? {} : { timeline }) });
}
