// The plays' retention sweep (docs/proof-of-play.md §Retention): every hour, raw plays and rollups past their
// retention are deleted. Hourly, so each sweep deletes about an hour's worth of rows and never holds the database
// for long. The timer is unref'd and injected (the same SweepTimers as the timeline sweep), so tests drive it; a
// sweep still running when the next is due is not doubled.

import type { SweepTimers } from '../timelines/timelineSweep';
import type { PlayService } from './playService';

export const PLAY_RETENTION_SWEEP_MS = 60 * 60 * 1000;

const nodeTimers: SweepTimers = {
  setInterval(run, ms) {
    const handle = setInterval(run, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep. */
export function startPlayRetentionSweep(
  plays: Pick<PlayService, 'purge'>,
  timers: SweepTimers | null = nodeTimers,
  onError: (error: unknown) => void,
): () => void {
  if (timers === null) return () => {};
  let running = false;
  const handle = timers.setInterval(() => {
    if (running) return;
    running = true;
    plays
      .purge()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, PLAY_RETENTION_SWEEP_MS);
  return () => timers.clearInterval(handle);
}
