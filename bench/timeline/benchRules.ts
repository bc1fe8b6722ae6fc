// The benchmark's screen: 1,000 schedules drawn from a seeded generator (the same rules in every run) in a mix
// of zones, weekdays, daytime and overnight windows, priorities and date ranges, plus two overrides.

import type { ScheduleRule, TimelineRules, Weekday } from '@marquee/timeline';
import { WEEKDAYS } from '@marquee/timeline';
import { seededRandom } from '../realtime/stats';

/** The screen's zone; null-zone schedules follow it. */
export const SCREEN_ZONE = 'Europe/London';
/** Schedule zones, with the screen's (null) twice as likely as each other. */
const ZONES: (string | null)[] = [
  null,
  null,
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Phoenix',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Australia/Sydney',
];

const pad2 = (value: number) => String(value).padStart(2, '0');
const clock = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** `count` schedules around the week that starts at `from`, and two overrides inside it. */
export function benchRules(count: number, from: number, seed = 20260329): TimelineRules {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const schedules: ScheduleRule[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.floor(random() * 96) * 15;
    const shape = random();
    // 30 % overnight (the end at or before the start), 10 % until midnight, the rest 1 to 8 hours in the day.
    const to =
      shape < 0.3
        ? clock(Math.floor(random() * (start / 15 + 1)) * 15)
        : shape < 0.4
          ? null
          : clock(Math.min(start + 60 + Math.floor(random() * 29) * 15, 23 * 60 + 59));
    const days: Weekday[] | null =
      random() < 0.4 ? null : WEEKDAYS.filter(() => random() < 0.5).concat(pick(WEEKDAYS));
    const startsOn = from + Math.floor(random() * 60 - 40) * DAY_MS;
    schedules.push({
      id: `s${String(i).padStart(4, '0')}`,
      name: `Schedule ${i}`,
      playlistId: `p${i % 50}`,
      priority: Math.floor(random() * 100),
      startsOn: date(startsOn),
      endsOn: random() < 0.6 ? null : date(startsOn + Math.floor(random() * 60) * DAY_MS),
      days: days === null ? null : [...new Set(days)],
      from: start === 0 && random() < 0.5 ? null : clock(start),
      to,
      timezone: pick(ZONES),
    });
  }
  return {
    timezone: SCREEN_ZONE,
    schedules,
    overrides: [
      {
        id: 'o1',
        name: 'Fire drill',
        playlistId: null,
        message: 'Fire drill',
        startsAt: from + 2 * DAY_MS,
        expiresAt: from + 2 * DAY_MS + 3_600_000,
      },
      {
        id: 'o2',
        name: 'Launch',
        playlistId: 'launch',
        message: null,
        startsAt: from + 4 * DAY_MS,
        expiresAt: from + 5 * DAY_MS,
      },
    ],
    defaultContent: { id: 'default', name: 'House loop', playlistId: 'house' },
  };
}
