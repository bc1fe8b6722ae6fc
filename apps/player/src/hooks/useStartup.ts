// Runs the start-up once per page and reports where it got: loading, the running session, the duplicate-hardware
// notice, or a failure (retried by reloading after a pause, so a screen never stays on an error).

import { useEffect, useState } from 'react';
import { startPlayer, type StartResult } from '../session/startPlayer';

const START_RETRY_MS = 30_000;

export type StartupState = { kind: 'loading' } | StartResult | { kind: 'failed'; message: string };

let started: Promise<StartResult> | null = null;

/**
 * Starts the start-up (once). main.tsx calls it before React renders, so registration is on its way while the
 * shimmer is drawn rather than after it (docs/player.md §Start-up timings); the hook below takes the same promise.
 */
export function beginStartup(): Promise<StartResult> {
  started ??= startPlayer({ window, reload: () => window.location.reload() });
  return started;
}

export function useStartup(): StartupState {
  const [state, setState] = useState<StartupState>({ kind: 'loading' });
  useEffect(() => {
    const started = beginStartup();
    let retry: ReturnType<typeof setTimeout> | undefined;
    started.then(setState, (error: unknown) => {
      console.error('[marquee-player] start-up failed', error);
      setState({ kind: 'failed', message: (error as Error).message });
      retry = setTimeout(() => window.location.reload(), START_RETRY_MS);
    });
    return () => clearTimeout(retry);
  }, []);
  return state;
}
