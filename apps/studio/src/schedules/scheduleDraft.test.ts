import { describe, expect, it } from 'vitest';
import { testSchedule } from '../testUtils';
import { checkSchedule, describeWhen, newScheduleValues, prefillOf, scheduleValuesOf } from './scheduleDraft';

const valid = {
  ...newScheduleValues('2026-03-23', {
    date: '2026-03-27',
    day: 'fri' as const,
    allDay: false,
    from: '22:00',
    to: '02:00',
  }),
  name: 'Late menu',
  playlistId: 'pl1',
  targets: { all: false, groupIds: ['g1'], screenIds: [] },
};

describe('checkSchedule', () => {
  it('makes the body of a window dragged on the calendar: its day, its times, the screens’ own zone', () => {
    expect(checkSchedule(valid)).toEqual({
      ok: true,
      body: {
        name: 'Late menu',
        playlistId: 'pl1',
        targets: { groupIds: ['g1'], screenIds: [] },
        priority: 10,
        startsOn: '2026-03-27',
        endsOn: null,
        days: ['fri'],
        from: '22:00',
        to: '02:00',
        timezone: 'screen',
      },
    });
  });

  it('makes a drag down the whole day an all-day window, which a check accepts', () => {
    // 2026-03-23 is a Monday: day 4 is the Friday.
    const prefill = prefillOf({ day: 4, startMinute: 0, endMinute: 24 * 60 }, '2026-03-23');
    expect(prefill).toMatchObject({ date: '2026-03-27', day: 'fri', allDay: true });
    const values = {
      ...newScheduleValues('2026-03-23', prefill),
      name: 'All Friday',
      playlistId: 'pl1',
      targets: valid.targets,
    };
    expect(checkSchedule(values)).toMatchObject({ ok: true, body: { days: ['fri'], from: null, to: null } });
    const evening = prefillOf({ day: 4, startMinute: 18 * 60, endMinute: 24 * 60 }, '2026-03-23');
    expect(evening).toMatchObject({ allDay: false, from: '18:00', to: '00:00' });
  });

  it('sends every day and all day as nulls', () => {
    const body = checkSchedule({
      ...valid,
      days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      allDay: true,
    });
    expect(body).toMatchObject({ ok: true, body: { days: null, from: null, to: null } });
  });

  it('names each field that is wrong', () => {
    const result = checkSchedule({
      ...valid,
      name: '',
      playlistId: null,
      targets: { all: false, groupIds: [], screenIds: [] },
      priority: 100,
      startsOn: '2026-02-30',
      endsOn: '2026-01-01',
      days: [],
      from: '25:00',
      to: '7pm',
      timezone: 'Mars/Olympus',
    });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(
      ['days', 'from', 'name', 'playlistId', 'priority', 'startsOn', 'targets', 'timezone', 'to'].sort(),
    );
    const ends = checkSchedule({ ...valid, startsOn: '2026-03-10', endsOn: '2026-03-01' });
    expect(ends).toEqual({ ok: false, errors: { endsOn: 'The last day is before the first' } });
  });

  it('reads a schedule back as it was sent', () => {
    const schedule = testSchedule({
      days: null,
      from: null,
      to: null,
      endsOn: '2026-04-01',
      timezone: 'America/Phoenix',
    });
    const values = scheduleValuesOf(schedule);
    expect(checkSchedule(values)).toMatchObject({
      ok: true,
      body: {
        days: null,
        from: null,
        to: null,
        endsOn: '2026-04-01',
        timezone: 'America/Phoenix',
        priority: 10,
      },
    });
  });
});

describe('describeWhen', () => {
  it('says the days and the window', () => {
    expect(describeWhen({ days: ['mon', 'fri'], from: '06:00', to: '11:00' })).toBe('Mon, Fri, 06:00–11:00');
    expect(describeWhen({ days: null, from: null, to: null })).toBe('Every day, all day');
  });
});

describe('a schedule showing a layout', () => {
  it('sends the layout instead of the playlist, and needs one chosen', () => {
    const check = checkSchedule({ ...valid, show: 'layout', layoutId: 'lay1' });
    expect(check.ok && check.body).toMatchObject({ layoutId: 'lay1' });
    expect(check.ok && 'playlistId' in check.body).toBe(false);
    expect(checkSchedule({ ...valid, show: 'layout' })).toEqual({
      ok: false,
      errors: { layoutId: 'Choose the layout to show' },
    });
  });

  it('opens on the layout it shows', () => {
    const values = scheduleValuesOf(
      testSchedule({ playlist: null, layout: { id: 'lay1', name: 'Menu board' } }),
    );
    expect(values).toMatchObject({ show: 'layout', layoutId: 'lay1', playlistId: null });
  });
});
