// The week the calendar shows and the zone it shows it in (the browser's until the operator picks another).

import { useState } from 'react';
import { addDays, mondayOf, todayIn } from './calendarDates';
import { browserZone } from './timeZones';

export function useWeek(now: number = Date.now()) {
  const [zone, setZone] = useState(browserZone);
  const today = todayIn(zone, now);
  const [weekStart, setWeekStart] = useState(() => mondayOf(today));
  return {
    zone,
    setZone,
    today,
    weekStart,
    previous: () => setWeekStart((week) => addDays(week, -7)),
    next: () => setWeekStart((week) => addDays(week, 7)),
    thisWeek: () => setWeekStart(mondayOf(today)),
  };
}
