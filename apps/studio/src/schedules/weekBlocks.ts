// A week of schedules as calendar blocks: each window a schedule opens in the week, cut at midnights into one
// block per day, at its wall-clock times in the calendar's zone (docs/schedules.md §What a screen shows). A
// schedule in the screen's own zone ('screen') shows at its own times, as on a screen in the calendar's zone; one
// in a named zone is moved to the calendar's (a 09:00 in New York is 14:00 in London), through its instants.

import { zonedClock } from '@marquee/protocol';
import type { Schedule } from '../api/types';
import { DAY_MS, SCREEN_ZONE } from '../constants';
import { addDays, dayNameOf, MINUTE_MS, midnightOf, minutesOf } from './calendarDates';

export interface CalendarBlock {
  schedule: Schedule;
  /** 0 (Monday) to 6. */
  day: number;
  startMinute: number;
  endMinute: number;
  /** The window began the day before (overnight). */
  continued: boolean;
  /** The window goes on into the next day. */
  continues: boolean;
}

/** The windows [start, end) in calendar local ms of the window that starts on `date`, or null. */
function windowOn(schedule: Schedule, date: string, calendarZone: string): [number, number] | null {
  if (date < schedule.startsOn || (schedule.endsOn !== null && date > schedule.endsOn)) return null;
  if (schedule.days !== null && !schedule.days.includes(dayNameOf(date))) return null;
  const from = schedule.from === null ? 0 : minutesOf(schedule.from);
  let to = schedule.to === null ? 1440 : minutesOf(schedule.to);
  if (to <= from) to += 1440;
  const midnight = midnightOf(date);
  let start = midnight + from * MINUTE_MS;
  let end = midnight + to * MINUTE_MS;
  if (schedule.timezone !== SCREEN_ZONE && schedule.timezone !== calendarZone) {
    const own = zonedClock(schedule.timezone);
    const calendar = zonedClock(calendarZone);
    start = calendar.localMsOf(own.instantOf(start));
    end = calendar.localMsOf(own.instantOf(end));
  }
  return end > start ? [start, end] : null;
}

/** The blocks of `schedules` in the week starting on the Monday `weekStart`, in `calendarZone`. */
export function weekBlocks(
  schedules: readonly Schedule[],
  weekStart: string,
  calendarZone: string,
): CalendarBlock[] {
  const weekFrom = midnightOf(weekStart);
  const weekTo = weekFrom + 7 * DAY_MS;
  const blocks: CalendarBlock[] = [];
  for (const schedule of schedules) {
    // A zone's offset moves a window by up to a day: look one day further either side.
    for (let offset = -2; offset <= 7; offset++) {
      const window = windowOn(schedule, addDays(weekStart, offset), calendarZone);
      if (window === null) continue;
      const start = Math.max(window[0], weekFrom);
      const end = Math.min(window[1], weekTo);
      for (let dayStart = start - (start % DAY_MS); dayStart < end; dayStart += DAY_MS) {
        const from = Math.max(start, dayStart);
        const to = Math.min(end, dayStart + DAY_MS);
        if (to <= from) continue;
        blocks.push({
          schedule,
          day: Math.round((dayStart - weekFrom) / DAY_MS),
          startMinute: (from - dayStart) / MINUTE_MS,
          endMinute: (to - dayStart) / MINUTE_MS,
          continued: from > window[0],
          continues: to < window[1],
        });
      }
    }
  }
  return blocks;
}
