// Runs the start-up once per page and reports where it got: loading, the running session, the duplicate-hardware
// notice, or a failure (retried by reloading after a pause, so a screen never stays on an error).

import { useEffect, useState } from 'react';
import { startPlayer, type StartResult } from '../session/startPlayer';

const START_RETRY_MS = 30_000;

export type StartupState = { kind: 'loading' } | StartResult | { kind: 'failed'; message: string };

let started: Promise<StartResult> | null = null;

export function useStartup(): StartupState {
  const [state, setState] = useState<StartupState>({ kind: 'loading' });
  useEffect(() => {
    started ??= startPlayer({ window, reload: () => window.location.reload() });
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
