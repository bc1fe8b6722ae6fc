// Small duties of a running player: error reports (POST /errors) for uncaught errors, bounded; the remote log level
// (players/{id}/logging) kept under the local 'logging' key; and the storage-cleared callback, which registers again
// by starting over (SPEC.md §4: after 2 s).

import { useEffect } from 'react';
import { STORAGE_KEYS } from '@marquee/protocol';
import { watchStorageCleared } from '@marquee/player-core';
import type { PlayerSession } from '../session/startPlayer';
import { SERVICE_NAME } from '../session/startPlayer';

/** At most this many error reports per page load: a crash loop must not flood the server. */
export const MAX_ERROR_REPORTS = 20;

export function useErrorReports(session: PlayerSession): void {
  useEffect(() => {
    let sent = 0;
    const seen = new Set<string>();
    const report = (message: string, stack?: string) => {
      if (sent >= MAX_ERROR_REPORTS || seen.has(message)) return;
      seen.add(message);
      sent++;
      const body: Record<string, unknown> = {
        message: message.slice(0, 4000) || 'Unknown error',
        service: SERVICE_NAME,
        time: Date.now(),
      };
      if (stack) body.stack = stack.slice(0, 16000);
      void session.http.request('POST', '/errors', { body }).catch(() => {});
    };
    const onError = (event: ErrorEvent) => report(event.message, (event.error as Error | undefined)?.stack);
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { message?: unknown; stack?: unknown } | undefined;
      report(
        typeof reason?.message === 'string' ? reason.message : String(event.reason),
        typeof reason?.stack === 'string' ? reason.stack : undefined,
      );
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [session]);
}

export function useRemoteLogLevel(session: PlayerSession, logging: unknown): void {
  useEffect(() => {
    if (logging === undefined) return;
    session.storage.set(
      STORAGE_KEYS.logging,
      logging !== null && typeof logging === 'object' ? logging : null,
    );
  }, [session, logging]);
}

export function useStorageCleared(session: PlayerSession): void {
  useEffect(() => watchStorageCleared({ events: window, onCleared: () => session.reload() }), [session]);
}
