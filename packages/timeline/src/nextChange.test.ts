import { describe, expect, it } from 'vitest';
import { nextChange } from './nextChange';
import type { ScheduleRule, TimelineRules } from './rules';

const at = (iso: string): number => Date.parse(iso);

function schedule(id: string, priority: number, from: string, to: string): ScheduleRule {
  return {
    id,
    name: id,
    playlistId: `p-${id}`,
    priority,
    startsOn: '2026-01-01',
    endsOn: null,
    days: null,
    from,
    to,
    timezone: null,
  };
}

// Tokyo has no DST: 09:00 JST is 00:00Z.
const rules: TimelineRules = {
  timezone: 'Asia/Tokyo',
  schedules: [schedule('breakfast', 20, '07:00', '10:00'), schedule('lunch', 10, '09:00', '14:00')],
  overrides: [],
  defaultContent: null,
};

describe('nextChange', () => {
  it('finds the next instant the screen shows something else', () => {
    // 06:00 JST: idle until breakfast at 07:00 JST.
    expect(nextChange(rules, at('2026-02-02T21:00:00Z'), at('2026-02-03T21:00:00Z'))).toBe(
      at('2026-02-02T22:00:00Z'),
    );
  });

  it('skips a change of reason alone: lunch starting under breakfast changes nothing on screen', () => {
    // 07:30 JST: breakfast shows until 10:00 JST, although lunch becomes active at 09:00 JST.
    expect(nextChange(rules, at('2026-02-02T22:30:00Z'), at('2026-02-03T22:30:00Z'))).toBe(
      at('2026-02-03T01:00:00Z'),
    );
  });

  it('returns null when nothing changes before the limit', () => {
    expect(nextChange(rules, at('2026-02-02T22:30:00Z'), at('2026-02-03T00:59:00Z'))).toBeNull();
    expect(nextChange(rules, at('2026-02-02T22:30:00Z'), at('2026-02-02T22:30:00Z'))).toBeNull();
  });

  it('sees an override begin and end', () => {
    const withOverride: TimelineRules = {
      ...rules,
      overrides: [
        {
          id: 'o',
          name: 'Fire',
          playlistId: null,
          message: 'Leave',
          startsAt: at('2026-02-03T00:10:00Z'),
          expiresAt: at('2026-02-03T00:20:00Z'),
        },
      ],
    };
    const limit = at('2026-02-04T00:00:00Z');
    expect(nextChange(withOverride, at('2026-02-03T00:00:00Z'), limit)).toBe(at('2026-02-03T00:10:00Z'));
    expect(nextChange(withOverride, at('2026-02-03T00:10:00Z'), limit)).toBe(at('2026-02-03T00:20:00Z'));
  });
});
