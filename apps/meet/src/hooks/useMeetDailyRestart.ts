// The daily restart helper (docs/meeting-room.md §Daily restart): when the settings turn it on, player-core's
// scheduler restarts at the slot (default '4:00am') in the configured timezone plus a random 0–60 minutes; the
// window is logged with the time-range formatter.

import { useEffect } from 'react';
import { DAILY_RESTART_BASE_TIME, DAILY_RESTART_RANDOM_MINUTES, formatHourRange } from '@marquee/protocol';
import { scheduleDailyRestart, type Logger, type StoredSettings } from '@marquee/player-core';

/** The 24-hour hour of a slot such as '4:00am' or '12:00pm' (default slot when none). */
export function slotHour(slot: string | null): number {
  const match = /^(\d{1,2}):\d{2}\s*(am|pm)$/i.exec(slot ?? DAILY_RESTART_BASE_TIME);
  if (!match) return Number.NaN;
  return (Number(match[1]) % 12) + (match[2]?.toLowerCase() === 'pm' ? 12 : 0);
}

export function useMeetDailyRestart(
  settings: StoredSettings & { timezone?: unknown },
  restart: () => void,
  logger: Pick<Logger, 'info' | 'warn'>,
): void {
  const on = settings.daily_restart === 'on';
  const slot = settings.daily_restart_time ?? null;
  const timezone =
    typeof settings.timezone === 'string' && settings.timezone !== ''
      ? settings.timezone
      : (Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  useEffect(() => {
    if (!on) return;
    try {
      logger.info('daily restart window', formatHourRange(slotHour(slot), DAILY_RESTART_RANDOM_MINUTES));
    } catch (error) {
      logger.warn('daily restart slot', (error as Error).message);
    }
    return scheduleDailyRestart({ timezone, slot, restart, logger });
  }, [on, slot, timezone, restart, logger]);
}
