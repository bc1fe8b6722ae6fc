// The daily restart (docs/player.md §Settings): when the platform supports it and it is on, restart at the chosen
// slot.

import { useEffect } from 'react';
import { scheduleDailyRestart, type StoredSettings } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';

export function useDailyRestart(session: PlayerSession, settings: StoredSettings, restart: () => void): void {
  const supported = session.capabilities.daily_restart === true;
  const on = settings.daily_restart === 'on';
  const slot = settings.daily_restart_time ?? null;
  useEffect(() => {
    if (!supported || !on) return;
    return scheduleDailyRestart({
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
      slot,
      restart,
      logger: session.logger,
    });
  }, [supported, on, slot, restart, session]);
}
