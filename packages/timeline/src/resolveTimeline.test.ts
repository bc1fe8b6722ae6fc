import { describe, expect, it } from 'vitest';
import { resolveTimeline, type Segment } from './resolveTimeline';
import type { OverrideRule, ScheduleRule, TimelineRules } from './rules';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

// A January Monday in London (GMT, so local times read as UTC).
const DAY = '2026-01-05';
const time = (hhmm: string) => at(`${DAY}T${hhmm}:00Z`);
const FROM = time('00:00');
const TO = at('2026-01-06T00:00:00Z');

function schedule(id: string, fields: Partial<ScheduleRule> = {}): ScheduleRule {
  return {
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    playlistId: `playlist-${id}`,
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

function override(id: string, from: string, to: string, fields: Partial<OverrideRule> = {}): OverrideRule {
  return {
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    playlistId: null,
    message: `${id}!`,
    startsAt: time(from),
    expiresAt: time(to),
    ...fields,
  };
}

function rules(fields: Partial<TimelineRules> = {}): TimelineRules {
  return { timezone: 'Europe/London', schedules: [], overrides: [], defaultContent: null, ...fields };
}

/** Each segment as 'HH:MM–HH:MM kind id [playlists]', times in UTC. */
function summary(segments: Segment[]): string[] {
  return segments.map(
    (s) => `${iso(s.start)}–${iso(s.end)} ${s.source.kind} ${s.source.id} [${s.playlistIds.join(', ')}]`,
  );
}

describe('resolveTimeline', () => {
  it('is idle over the whole range with no rules and no default content', () => {
    const segments = resolveTimeline(rules(), FROM, TO);
    expect(segments).toEqual([
      {
        start: FROM,
        end: TO,
        source: { kind: 'idle', id: null, name: null },
        playlistIds: [],
        message: null,
        reason: expect.stringMatching(/no default content/),
      },
    ]);
  });

  it('plays the default content wherever no schedule is active', () => {
    const defaultContent = { id: 'd1', name: 'House loop', playlistId: 'house' };
    const segments = resolveTimeline(
      rules({ defaultContent, schedules: [schedule('breakfast', { from: '07:00', to: '10:00' })] }),
      FROM,
      TO,
    );
    expect(summary(segments)).toEqual([
      '00:00–07:00 default d1 [house]',
      '07:00–10:00 schedule breakfast [playlist-breakfast]',
      '10:00–00:00 default d1 [house]',
    ]);
    expect(segments[0]!.source.name).toBe('House loop');
    expect(segments[0]!.reason).toMatch(/default content plays/);
    expect(segments[1]!.reason).toBe("'Breakfast' is the only schedule active");
  });

  it('lets the higher priority win and says whom it beats', () => {
    const segments = resolveTimeline(
      rules({
        schedules: [
          schedule('lunch', { priority: 10, from: '09:00', to: '14:00' }),
          schedule('breakfast', { priority: 20, from: '07:00', to: '10:00' }),
        ],
      }),
      FROM,
      TO,
    );
    expect(summary(segments)).toEqual([
      '00:00–07:00 idle null []',
      '07:00–09:00 schedule breakfast [playlist-breakfast]',
      '09:00–10:00 schedule breakfast [playlist-breakfast]',
      '10:00–14:00 schedule lunch [playlist-lunch]',
      '14:00–00:00 idle null []',
    ]);
    expect(segments.map((s) => s.reason).slice(1, 4)).toEqual([
      "'Breakfast' is the only schedule active",
      "Priority 20 beats 'Lunch' (10)",
      "'Lunch' is the only schedule active",
    ]);
  });

  it('plays schedules tied at the top one after another, ordered by id whatever the input order', () => {
    const tied = [
      schedule('promo', { priority: 20, from: '08:00', to: '09:00' }),
      schedule('breakfast', { priority: 20, from: '07:00', to: '10:00' }),
      schedule('lunch', { priority: 10, from: '08:30', to: '12:00' }),
    ];
    for (const order of [tied, [...tied].reverse()]) {
      const segments = resolveTimeline(rules({ schedules: order }), time('08:00'), time('09:00'));
      expect(summary(segments)).toEqual([
        '08:00–08:30 schedule breakfast [playlist-breakfast, playlist-promo]',
        '08:30–09:00 schedule breakfast [playlist-breakfast, playlist-promo]',
      ]);
      expect(segments.map((s) => s.reason)).toEqual([
        "'Breakfast' and 'Promo' share priority 20 and play one after another",
        "'Breakfast' and 'Promo' share priority 20 and play one after another; priority 20 beats 'Lunch' (10)",
      ]);
    }
  });

  it('plays one playlist once when tied schedules share it', () => {
    const schedules = [
      schedule('a', { playlistId: 'same', priority: 5 }),
      schedule('b', { playlistId: 'same', priority: 5 }),
      schedule('c', { playlistId: 'other', priority: 5 }),
    ];
    const [segment] = resolveTimeline(rules({ schedules }), FROM, TO);
    expect(segment!.playlistIds).toEqual(['same', 'other']);
  });

  it('lets an override beat every schedule until it expires', () => {
    const segments = resolveTimeline(
      rules({
        schedules: [schedule('breakfast', { priority: 99, from: '07:00', to: '10:00' })],
        overrides: [override('fire', '08:00', '08:30')],
      }),
      time('07:00'),
      time('10:00'),
    );
    expect(summary(segments)).toEqual([
      '07:00–08:00 schedule breakfast [playlist-breakfast]',
      '08:00–08:30 override fire []',
      '08:30–10:00 schedule breakfast [playlist-breakfast]',
    ]);
    expect(segments[1]!.message).toBe('fire!');
    expect(segments[1]!.reason).toBe("Emergency override 'Fire' beats every schedule");
  });

  it('shows the override that started last, the larger id on a tie', () => {
    const segments = resolveTimeline(
      rules({
        overrides: [
          override('fire', '10:00', '12:00'),
          override('flood', '11:00', '11:30', { message: null, playlistId: 'evacuate' }),
        ],
      }),
      time('10:00'),
      time('12:00'),
    );
    expect(summary(segments)).toEqual([
      '10:00–11:00 override fire []',
      '11:00–11:30 override flood [evacuate]',
      '11:30–12:00 override fire []',
    ]);
    expect(segments[1]!.reason).toBe("Emergency override 'Flood' is the latest of 2 active overrides");
    expect(segments[1]!.message).toBeNull();

    const tie = resolveTimeline(
      rules({ overrides: [override('b-second', '10:00', '11:00'), override('a-first', '10:00', '11:00')] }),
      time('10:00'),
      time('11:00'),
    );
    expect(summary(tie)).toEqual(['10:00–11:00 override b-second []']);
  });

  it('ignores an override outside the range or with nothing between start and expiry', () => {
    const segments = resolveTimeline(
      rules({ overrides: [override('past', '01:00', '02:00'), override('empty', '05:00', '05:00')] }),
      time('04:00'),
      time('06:00'),
    );
    expect(summary(segments)).toEqual(['04:00–06:00 idle null []']);
  });

  it('merges adjacent equal segments: a whole-day schedule over three days is one segment', () => {
    const segments = resolveTimeline(
      rules({ schedules: [schedule('always', { from: '00:00', to: '00:00' })] }),
      FROM,
      at('2026-01-08T00:00:00Z'),
    );
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ start: FROM, end: at('2026-01-08T00:00:00Z') });
  });

  it('does not merge back-to-back schedules that differ', () => {
    const segments = resolveTimeline(
      rules({
        schedules: [
          schedule('morning', { from: '06:00', to: '12:00' }),
          schedule('afternoon', { from: '12:00', to: '18:00' }),
        ],
      }),
      time('06:00'),
      time('18:00'),
    );
    expect(summary(segments)).toEqual([
      '06:00–12:00 schedule morning [playlist-morning]',
      '12:00–18:00 schedule afternoon [playlist-afternoon]',
    ]);
  });

  it('covers exactly [from, to), clipping windows that run past either end', () => {
    const segments = resolveTimeline(
      rules({ schedules: [schedule('night', { from: '22:00', to: '06:00' })] }),
      time('03:00'),
      time('23:00'),
    );
    expect(summary(segments)).toEqual([
      '03:00–06:00 schedule night [playlist-night]',
      '06:00–22:00 idle null []',
      '22:00–23:00 schedule night [playlist-night]',
    ]);
  });

  it('resolves in the screen zone across a clock change (London, 2026-03-29)', () => {
    const segments = resolveTimeline(
      rules({ schedules: [schedule('open', { from: '09:00', to: '17:00' })] }),
      at('2026-03-28T12:00:00Z'),
      at('2026-03-29T12:00:00Z'),
    );
    expect(segments.map((s) => `${new Date(s.start).toISOString()} ${s.source.kind}`)).toEqual([
      '2026-03-28T12:00:00.000Z schedule',
      '2026-03-28T17:00:00.000Z idle',
      '2026-03-29T08:00:00.000Z schedule',
    ]);
  });

  it('returns nothing for an empty range and refuses an infinite one or a bad priority', () => {
    expect(resolveTimeline(rules(), TO, FROM)).toEqual([]);
    expect(() => resolveTimeline(rules(), FROM, Infinity)).toThrow(RangeError);
    expect(() => resolveTimeline(rules({ schedules: [schedule('x', { priority: 100 })] }), FROM, TO)).toThrow(
      'Schedule "x": invalid priority',
    );
  });
});
