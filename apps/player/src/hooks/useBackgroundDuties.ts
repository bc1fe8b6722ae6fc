// Small duties of a running player: error reports (POST /errors) for uncaught errors, bounded (player-core's
// reportUncaughtErrors, docs/player.md §Logging and monitoring); and the storage-cleared callback, which registers
// again by starting over (docs/player.md §Auth: after 2 s). The remote log level is player-core's
// useRemoteLogLevel.

import { useEffect } from 'react';
import { ERRORS_PATH, reportUncaughtErrors, watchStorageCleared } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';
import { SERVICE_NAME } from '../session/startPlayer';

export function useErrorReports(session: PlayerSession): void {
  useEffect(
    () =>
      reportUncaughtErrors({
        events: window,
        service: SERVICE_NAME,
        send: (report) => session.http.request('POST', ERRORS_PATH, { body: report }),
      }),
    [session],
  );
}

export function useStorageCleared(session: PlayerSession): void {
  useEffect(() => watchStorageCleared({ events: window, onCleared: () => session.reload() }), [session]);
}
