import { describe, expect, it } from 'vitest';
import { OverrideRequestSchema } from './overrides';
import { ScheduleRequestSchema, isCalendarDate } from './schedules';
import { ScreenPatchSchema } from './screens';
import { TimelineQuerySchema } from './timeline';
import { canonicalTimeZone } from './timeZone';

const ids = { playlist: '0000000000000000000000000', group: '0000000000000000000000001' };
const schedule = {
  name: 'Breakfast',
  playlistId: ids.playlist,
  targets: { groupIds: [ids.group] },
  priority: 10,
  startsOn: '2026-03-01',
};

/** The field each refusal names, as the API's error answer does ('targets.groupIds.0'). */
function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('schedules', () => {
  it('takes a schedule and fills its defaults', () => {
    const parsed = ScheduleRequestSchema.parse({
      ...schedule,
      days: ['fri', 'mon', 'fri'],
      from: '22:00',
      to: '02:00',
    });
    expect(parsed).toMatchObject({
      targets: { screenIds: [], groupIds: [ids.group], all: false },
      days: ['mon', 'fri'],
      from: '22:00',
      to: '02:00',
    });
  });

  it.each([
    [{ startsOn: '2026-02-30' }, 'startsOn'],
    [{ endsOn: '2025-13-01' }, 'endsOn'],
    [{ endsOn: '2026-02-28' }, 'endsOn'],
    [{ from: '7:00', to: '11:00' }, 'from'],
    [{ from: '07:00', to: '24:00' }, 'to'],
    [{ from: '07:00' }, 'to'],
    [{ days: ['monday'] }, 'days.0'],
    [{ priority: 100 }, 'priority'],
    [{ priority: -1 }, 'priority'],
    [{ priority: 1.5 }, 'priority'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ targets: {} }, 'targets'],
    [{ targets: { groupIds: ['not-an-id'] } }, 'targets.groupIds.0'],
    [{ playlistId: 'x' }, 'playlistId'],
  ])('refuses %j naming %s', (change, field) => {
    expect(fieldsOf(ScheduleRequestSchema.safeParse({ ...schedule, ...change }))).toContain(field);
  });

  it('knows real dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
  });

  it('reads zones in their canonical spelling', () => {
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('../etc/passwd')).toBeNull();
    expect(canonicalTimeZone('+01:00')).toBeNull();
    expect(ScheduleRequestSchema.parse({ ...schedule, timezone: 'america/phoenix' }).timezone).toBe(
      'America/Phoenix',
    );
  });
});

describe('overrides', () => {
  const override = { name: 'Fire', message: 'Leave the building', targets: { all: true }, expiresAt: 1 };

  it('takes an ISO time with offset or epoch milliseconds', () => {
    expect(
      OverrideRequestSchema.parse({ ...override, expiresAt: '2026-03-29T01:30:00+01:00' }).expiresAt,
    ).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(fieldsOf(OverrideRequestSchema.safeParse({ ...override, expiresAt: '2026-03-29T01:30' }))).toEqual(
      ['expiresAt'],
    );
  });

  it('takes exactly one of playlistId and message', () => {
    expect(fieldsOf(OverrideRequestSchema.safeParse({ ...override, playlistId: ids.playlist }))).toEqual([
      'message',
    ]);
    const { message: _message, ...neither } = override;
    expect(fieldsOf(OverrideRequestSchema.safeParse(neither))).toEqual(['playlistId']);
  });
});

describe('screen changes and timeline queries', () => {
  it('dedupes tags and refuses a bad one by index', () => {
    expect(ScreenPatchSchema.parse({ tags: ['kitchen', 'kitchen', 'floor-2'] }).tags).toEqual([
      'kitchen',
      'floor-2',
    ]);
    expect(fieldsOf(ScreenPatchSchema.safeParse({ tags: ['ok', 'Not OK'] }))).toEqual(['tags.1']);
    expect(
      fieldsOf(ScreenPatchSchema.safeParse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })),
    ).toEqual(['tags']);
  });

  it('takes content or a playlist, not both, and a zone or null', () => {
    expect(fieldsOf(ScreenPatchSchema.safeParse({ content: [], playlistId: ids.playlist }))).toEqual([
      'playlistId',
    ]);
    expect(fieldsOf(ScreenPatchSchema.safeParse({ timezone: 'Europe/Londres' }))).toEqual(['timezone']);
    expect(ScreenPatchSchema.parse({ timezone: null, playlistId: null })).toEqual({
      timezone: null,
      playlistId: null,
    });
  });

  it('names the bad bound of a timeline query', () => {
    expect(fieldsOf(TimelineQuerySchema.safeParse({ from: 'yesterday' }))).toEqual(['from']);
    expect(TimelineQuerySchema.parse({ to: '1767225600000' }).to).toBe(1767225600000);
  });
});
