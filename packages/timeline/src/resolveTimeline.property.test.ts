// resolveTimeline against its definition, for random rules: the segments tile [from, to) exactly, neighbours
// differ, and at any instant the segment says what a direct reading of the rules at that instant says.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occurrences } from './occurrences';
import { resolveTimeline, type Segment } from './resolveTimeline';
import { WEEKDAYS, type OverrideRule, type ScheduleRule, type TimelineRules } from './rules';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Lord Howe moves by half an hour; Santiago changes at midnight.
const ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Phoenix',
  'Asia/Tokyo',
  'Australia/Lord_Howe',
  'America/Santiago',
];
/** Ranges start near clock changes as well as on ordinary days. */
const ANCHORS = [
  '2026-01-15',
  '2026-03-07',
  '2026-03-28',
  '2026-10-24',
  '2026-10-31',
  '2026-04-04',
  '2026-09-05',
].map((date) => Date.parse(`${date}T00:00:00Z`));

const pad2 = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const scheduleArbitrary = (anchor: number) =>
  fc
    .record({
      priority: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(99)),
      startsOffset: fc.integer({ min: -5, max: 8 }),
      length: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
      days: fc.option(fc.subarray([...WEEKDAYS], { minLength: 1 }), { nil: null }),
      from: fc.option(fc.integer({ min: 0, max: 24 * 4 - 1 }), { nil: null }),
      to: fc.option(fc.integer({ min: 0, max: 24 * 4 }), { nil: null }),
      timezone: fc.option(fc.constantFrom(...ZONES), { nil: null }),
      playlist: fc.integer({ min: 0, max: 3 }),
    })
    .map((r): Omit<ScheduleRule, 'id' | 'name'> => ({
      playlistId: `p${r.playlist}`,
      priority: r.priority,
      startsOn: localDate(anchor + r.startsOffset * DAY),
      endsOn: r.length === null ? null : localDate(anchor + (r.startsOffset + r.length) * DAY),
      days: r.days,
      from: r.from === null ? null : clock(r.from * 15),
      to: r.to === null ? null : r.to === 96 ? '24:00' : clock(r.to * 15),
      timezone: r.timezone,
    }));

const caseArbitrary = fc
  .record({
    anchor: fc.constantFrom(...ANCHORS),
    startMinutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    lengthMinutes: fc.integer({ min: 1, max: 8 * 24 * 60 }),
    screenZone: fc.constantFrom(...ZONES),
    withDefault: fc.boolean(),
  })
  .chain((c) => {
    const from = c.anchor + c.startMinutes * MINUTE;
    const to = from + c.lengthMinutes * MINUTE;
    const overrideArbitrary = fc
      .tuple(
        fc.integer({ min: -60, max: c.lengthMinutes }),
        fc.integer({ min: 1, max: 24 * 60 }),
        fc.boolean(),
      )
      .map(([start, length, text]) => ({ startsAt: from + start * MINUTE, length, text }));
    return fc.record({
      from: fc.constant(from),
      to: fc.constant(to),
      rules: fc
        .record({
          schedules: fc.array(scheduleArbitrary(c.anchor), { maxLength: 6 }),
          overrides: fc.array(overrideArbitrary, { maxLength: 2 }),
          // Ids in random order, so play order by id is not input order.
          ids: fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], { minLength: 8 }),
        })
        .map(({ schedules, overrides, ids }): TimelineRules => ({
          timezone: c.screenZone,
          schedules: schedules.map((rule, i) => ({ ...rule, id: ids[i]!, name: `Schedule ${ids[i]}` })),
          overrides: overrides.map((o, i): OverrideRule => ({
            id: `o${i}`,
            name: `Override ${i}`,
            playlistId: o.text ? null : `emergency${i}`,
            message: o.text ? `Message ${i}` : null,
            startsAt: o.startsAt,
            expiresAt: o.startsAt + o.length * MINUTE,
          })),
          defaultContent: c.withDefault ? { id: 'd', name: 'Default', playlistId: 'house' } : null,
        })),
      samples: fc.array(fc.integer({ min: 0, max: c.lengthMinutes * MINUTE - 1 }), { maxLength: 8 }),
    });
  });

/** What shows at `t`, read straight from the rules. */
function expectedAt(rules: TimelineRules, t: number): Pick<Segment, 'source' | 'playlistIds' | 'message'> {
  const overrides = rules.overrides
    .filter((o) => o.startsAt <= t && t < o.expiresAt)
    .sort((a, b) => b.startsAt - a.startsAt || (a.id < b.id ? 1 : -1));
  const winner = overrides[0];
  if (winner !== undefined) {
    return {
      source: { kind: 'override', id: winner.id, name: winner.name },
      playlistIds: winner.playlistId === null ? [] : [winner.playlistId],
      message: winner.message,
    };
  }
  const active = rules.schedules.filter((rule) => occurrences(rule, rules.timezone, t, t + 1).length > 0);
  if (active.length > 0) {
    const top = Math.max(...active.map((rule) => rule.priority));
    const playing = active.filter((rule) => rule.priority === top).sort((a, b) => (a.id < b.id ? -1 : 1));
    return {
      source: { kind: 'schedule', id: playing[0]!.id, name: playing[0]!.name },
      playlistIds: [...new Set(playing.map((rule) => rule.playlistId))],
      message: null,
    };
  }
  const content = rules.defaultContent;
  return content === null
    ? { source: { kind: 'idle', id: null, name: null }, playlistIds: [], message: null }
    : {
        source: { kind: 'default', id: content.id, name: content.name },
        playlistIds: [content.playlistId],
        message: null,
      };
}

const withoutBounds = ({ start: _start, end: _end, ...rest }: Segment) => rest;

describe('resolveTimeline on random rules', () => {
  it('tiles [from, to) with segments that differ from their neighbours and agree with the rules', () => {
    fc.assert(
      fc.property(caseArbitrary, ({ rules, from, to, samples }) => {
        const segments = resolveTimeline(rules, from, to);
        expect(segments[0]!.start).toBe(from);
        expect(segments[segments.length - 1]!.end).toBe(to);
        segments.forEach((segment, i) => {
          expect(segment.start).toBeLessThan(segment.end);
          const next = segments[i + 1];
          if (next === undefined) return;
          expect(next.start).toBe(segment.end);
          expect(withoutBounds(next)).not.toEqual(withoutBounds(segment));
        });
        const instants = [
          ...segments.flatMap((segment) => [segment.start, segment.end - 1]),
          ...samples.map((offset) => from + offset),
        ];
        for (const t of instants) {
          const segment = segments.find((s) => s.start <= t && t < s.end)!;
          const { source, playlistIds, message } = segment;
          expect({ source, playlistIds, message }, `at ${new Date(t).toISOString()}`).toEqual(
            expectedAt(rules, t),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
