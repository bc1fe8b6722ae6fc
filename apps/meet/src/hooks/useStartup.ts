// Runs the meeting player's start-up once per page load: loading, then ready or blocked.

import { useEffect, useState } from 'react';
import { startMeet, type MeetStartResult } from '../session/startMeet';

type MeetStartupState = { kind: 'loading' } | MeetStartResult;

let started: Promise<MeetStartResult> | null = null;

export function useStartup(start: () => Promise<MeetStartResult> = defaultStart): MeetStartupState {
  const [state, setState] = useState<MeetStartupState>({ kind: 'loading' });
  useEffect(() => {
    started ??= start();
    started.then(setState, (error: unknown) => {
      // Only a 403 stops the player: anything else is logged and the page shows its (empty) frame.
      console.error('[meet-player] start-up failed', error);
      setState({ kind: 'ready', session: null });
    });
  }, [start]);
  return state;
}

function defaultStart(): Promise<MeetStartResult> {
  return startMeet({ window, reload: () => window.location.reload() });
}
