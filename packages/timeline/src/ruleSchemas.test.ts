import { describe, expect, it } from 'vitest';
import {
  OVERRIDE_MESSAGE_MAX_LENGTH,
  OverrideRuleSchema,
  ScheduleRuleSchema,
  TIMELINE_MAX_SCHEDULES,
  TimelineRulesSchema,
} from './ruleSchemas';
import type { OverrideRule, ScheduleRule, TimelineRules } from './rules';

const schedule: ScheduleRule = {
  id: 's1',
  name: 'Breakfast',
  playlistId: 'p1',
  priority: 20,
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  days: ['mon', 'fri'],
  from: '22:00',
  to: '02:00',
  timezone: 'Asia/Tokyo',
};
const override: OverrideRule = {
  id: 'o1',
  name: 'Fire',
  playlistId: null,
  message: 'Leave the building',
  startsAt: Date.parse('2026-03-02T10:00:00Z'),
  expiresAt: Date.parse('2026-03-02T11:00:00Z'),
};
const rules: TimelineRules = {
  timezone: 'Europe/London',
  schedules: [schedule],
  overrides: [override],
  defaultContent: { id: 'd', name: 'House loop', playlistId: 'p0' },
};

/** The paths of the issues a parse reports. */
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('ScheduleRuleSchema', () => {
  it('takes a valid rule as it is', () => {
    expect(ScheduleRuleSchema.parse(schedule)).toEqual(schedule);
    const open = { ...schedule, endsOn: null, days: null, from: null, to: '24:00', timezone: null };
    expect(ScheduleRuleSchema.parse(open)).toEqual(open);
  });

  it.each([
    ['startsOn', { startsOn: '2026-02-30' }],
    ['endsOn', { endsOn: '2026-02-28' }],
    ['days', { days: [] }],
    ['days', { days: ['mon', 'mon'] }],
    ['days.0', { days: ['monday'] }],
    ['from', { from: '24:00' }],
    ['to', { to: '24:30' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['priority', { priority: 100 }],
    ['priority', { priority: 1.5 }],
    ['name', { name: '' }],
    ['id', { id: 'x'.repeat(129) }],
  ])('refuses a bad %s', (path, change) => {
    expect(issues(ScheduleRuleSchema.safeParse({ ...schedule, ...change }))).toContain(path);
  });
});

describe('OverrideRuleSchema', () => {
  it('takes a message or a playlist', () => {
    expect(OverrideRuleSchema.parse(override)).toEqual(override);
    const playlist = { ...override, playlistId: 'p9', message: null };
    expect(OverrideRuleSchema.parse(playlist)).toEqual(playlist);
  });

  it('wants exactly one of playlistId and message', () => {
    expect(issues(OverrideRuleSchema.safeParse({ ...override, playlistId: 'p9' }))).toEqual(['message']);
    expect(issues(OverrideRuleSchema.safeParse({ ...override, message: null }))).toEqual(['message']);
  });

  it('refuses an expiry at or before the start, and an overlong message', () => {
    expect(issues(OverrideRuleSchema.safeParse({ ...override, expiresAt: override.startsAt }))).toEqual([
      'expiresAt',
    ]);
    const long = 'x'.repeat(OVERRIDE_MESSAGE_MAX_LENGTH + 1);
    expect(issues(OverrideRuleSchema.safeParse({ ...override, message: long }))).toEqual(['message']);
  });
});

describe('TimelineRulesSchema', () => {
  it('takes a screen’s rules', () => {
    expect(TimelineRulesSchema.parse(rules)).toEqual(rules);
    expect(TimelineRulesSchema.parse({ ...rules, defaultContent: null }).defaultContent).toBeNull();
  });

  it('refuses duplicate ids, too many schedules and an unknown screen zone', () => {
    expect(issues(TimelineRulesSchema.safeParse({ ...rules, schedules: [schedule, schedule] }))).toEqual([
      'schedules',
    ]);
    const many = Array.from({ length: TIMELINE_MAX_SCHEDULES + 1 }, (_, i) => ({ ...schedule, id: `s${i}` }));
    expect(issues(TimelineRulesSchema.safeParse({ ...rules, schedules: many }))).toContain('schedules');
    expect(issues(TimelineRulesSchema.safeParse({ ...rules, timezone: 'Nowhere' }))).toEqual(['timezone']);
  });
});
