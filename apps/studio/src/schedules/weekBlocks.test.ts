import { describe, expect, it } from 'vitest';
import { testSchedule } from '../testUtils';
import { mondayOf } from './calendarDates';
import { weekBlocks } from './weekBlocks';

// The week of Monday 2026-03-23; Europe/London springs forward on Sunday 2026-03-29.
const WEEK = '2026-03-23';
const short = (blocks: ReturnType<typeof weekBlocks>) =>
  blocks.map(({ day, startMinute, endMinute }) => [day, startMinute / 60, endMinute / 60]);

describe('weekBlocks', () => {
  it('puts a weekday window on each weekday at its own times', () => {
    const breakfast = testSchedule({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '06:00', to: '11:00' });
    expect(short(weekBlocks([breakfast], WEEK, 'Europe/London'))).toEqual([
      [0, 6, 11],
      [1, 6, 11],
      [2, 6, 11],
      [3, 6, 11],
      [4, 6, 11],
    ]);
  });

  it('runs an overnight window into the next day, and the one of the week before into Monday', () => {
    const late = testSchedule({ days: ['fri', 'sun'], from: '22:00', to: '02:00', startsOn: '2026-01-01' });
    const blocks = weekBlocks([late], WEEK, 'Europe/London');
    expect(short(blocks)).toEqual([
      [0, 0, 2],
      [4, 22, 24],
      [5, 0, 2],
      [6, 22, 24],
    ]);
    expect(blocks[0]).toMatchObject({ continued: true, continues: false });
    expect(blocks[1]).toMatchObject({ continued: false, continues: true });
  });

  it('keeps within startsOn and endsOn; no days and no times is all day, every day', () => {
    const sale = testSchedule({
      days: null,
      from: null,
      to: null,
      startsOn: '2026-03-25',
      endsOn: '2026-03-26',
    });
    expect(short(weekBlocks([sale], WEEK, 'Europe/London'))).toEqual([
      [2, 0, 24],
      [3, 0, 24],
    ]);
  });

  it('moves a window in a named zone to the calendar zone through its instants', () => {
    // 09:00-10:00 in New York (EDT, -4 since 8 March) is 13:00-14:00 in London (GMT) on Monday 23 March.
    const ny = testSchedule({ days: ['mon'], from: '09:00', to: '10:00', timezone: 'America/New_York' });
    expect(short(weekBlocks([ny], WEEK, 'Europe/London'))).toEqual([[0, 13, 14]]);
    // A 'screen' schedule stays at its own wall-clock time whatever the calendar's zone.
    const own = testSchedule({ days: ['mon'], from: '09:00', to: '10:00', timezone: 'screen' });
    expect(short(weekBlocks([own], WEEK, 'America/New_York'))).toEqual([[0, 9, 10]]);
  });

  it('knows the Monday of any day', () => {
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
  });
});
