import { describe, expect, it } from 'vitest';
import { clockText, nextTickMs } from './clockText';

const at = (iso: string) => Date.parse(iso);

describe('clockText', () => {
  it('reads the screen zone, not the device: Europe/London springs forward at 01:00 GMT', () => {
    const options = { showSeconds: true };
    expect(clockText(at('2026-03-29T00:59:59Z'), 'Europe/London', options).time).toBe('00:59:59');
    expect(clockText(at('2026-03-29T01:00:00Z'), 'Europe/London', options).time).toBe('02:00:00');
  });

  it('Europe/London falls back: 01:59 BST is followed by 01:00 GMT', () => {
    expect(clockText(at('2026-10-25T00:59:00Z'), 'Europe/London', {}).time).toBe('01:59');
    expect(clockText(at('2026-10-25T01:00:00Z'), 'Europe/London', {}).time).toBe('01:00');
  });

  it('America/New_York in 12 h: 1:59 AM EST then 3:00 AM EDT, and 1:59 AM EDT then 1:00 AM EST', () => {
    const twelve = { format: '12h' as const };
    expect(clockText(at('2026-03-08T06:59:00Z'), 'America/New_York', twelve).time).toBe('1:59 AM');
    expect(clockText(at('2026-03-08T07:00:00Z'), 'America/New_York', twelve).time).toBe('3:00 AM');
    expect(clockText(at('2026-11-01T05:59:00Z'), 'America/New_York', twelve).time).toBe('1:59 AM');
    expect(clockText(at('2026-11-01T06:00:00Z'), 'America/New_York', twelve).time).toBe('1:00 AM');
  });

  it('America/Phoenix keeps UTC-7 the whole year', () => {
    expect(clockText(at('2026-03-08T10:00:00Z'), 'America/Phoenix', {}).time).toBe('03:00');
    expect(clockText(at('2026-07-01T19:30:00Z'), 'America/Phoenix', {}).time).toBe('12:30');
    expect(clockText(at('2026-07-01T19:30:00Z'), 'America/Phoenix', { format: '12h' }).time).toBe('12:30 PM');
  });

  it('turns the date line over at local midnight', () => {
    const options = { showDate: true, showSeconds: true };
    const before = clockText(at('2026-06-30T22:59:59Z'), 'Europe/London', options, 'en-US');
    const after = clockText(at('2026-06-30T23:00:00Z'), 'Europe/London', options, 'en-US');
    expect(before).toEqual({ time: '23:59:59', date: 'Tuesday, June 30, 2026' });
    expect(after).toEqual({ time: '00:00:00', date: 'Wednesday, July 1, 2026' });
    expect(clockText(at('2026-07-01T04:00:00Z'), 'America/New_York', { format: '12h' }).time).toBe(
      '12:00 AM',
    );
  });

  it('has no date line unless asked', () => {
    expect(clockText(0, 'UTC', {}).date).toBeNull();
  });
});

describe('nextTickMs', () => {
  it('waits for the next second, or the next minute without seconds', () => {
    expect(nextTickMs(at('2026-01-01T10:00:00.250Z'), true)).toBe(750);
    expect(nextTickMs(at('2026-01-01T10:00:59.000Z'), false)).toBe(1000);
    expect(nextTickMs(at('2026-01-01T10:01:00.000Z'), false)).toBe(60_000);
  });
});
