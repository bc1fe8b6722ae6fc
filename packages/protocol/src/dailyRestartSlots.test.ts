import { describe, expect, it } from 'vitest';
import { DAILY_RESTART_SLOTS, hourToSlot, slotToHour } from './dailyRestartSlots';

describe('DAILY_RESTART_SLOTS', () => {
  it('has 24 hourly slots in order', () => {
    expect(DAILY_RESTART_SLOTS).toHaveLength(24);
    expect(DAILY_RESTART_SLOTS.map((slot) => slot.hour24)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('labels midnight as docs/player.md §Settings does', () => {
    expect(DAILY_RESTART_SLOTS[0]).toEqual({ value: '00:00am', label: '12:00am - 12:59am', hour24: 0 });
  });

  it('uses 00 for the twelve o clock hour in values and 12 in labels', () => {
    expect(DAILY_RESTART_SLOTS[12]).toEqual({ value: '00:00pm', label: '12:00pm - 12:59pm', hour24: 12 });
  });

  it.each([
    [1, '01:00am', '1:00am - 1:59am'],
    [4, '04:00am', '4:00am - 4:59am'],
    [11, '11:00am', '11:00am - 11:59am'],
    [13, '01:00pm', '1:00pm - 1:59pm'],
    [23, '11:00pm', '11:00pm - 11:59pm'],
  ])('hour %i is %s labelled %s', (hour24, value, label) => {
    expect(DAILY_RESTART_SLOTS[hour24]).toEqual({ value, label, hour24 });
  });

  it('has unique values and labels', () => {
    expect(new Set(DAILY_RESTART_SLOTS.map((slot) => slot.value)).size).toBe(24);
    expect(new Set(DAILY_RESTART_SLOTS.map((slot) => slot.label)).size).toBe(24);
  });

  it('cannot be mutated', () => {
    expect(Object.isFrozen(DAILY_RESTART_SLOTS)).toBe(true);
    expect(Object.isFrozen(DAILY_RESTART_SLOTS[0])).toBe(true);
  });
});

describe('slotToHour / hourToSlot', () => {
  it('round-trips every hour', () => {
    for (let hour = 0; hour < 24; hour++) expect(slotToHour(hourToSlot(hour))).toBe(hour);
  });

  it.each([
    ['00:00am', 0],
    ['04:00am', 4],
    ['00:00pm', 12],
    ['11:00pm', 23],
  ])('slotToHour(%j) is %i', (value, hour) => {
    expect(slotToHour(value)).toBe(hour);
  });

  it.each(['12:00am', '4:00am', '04:00AM', '04:30am', '', null, 4])('slotToHour(%j) is null', (value) => {
    expect(slotToHour(value)).toBeNull();
  });

  it.each([-1, 24, 4.5, Number.NaN])('hourToSlot(%j) throws', (hour) => {
    expect(() => hourToSlot(hour)).toThrow(RangeError);
  });
});
