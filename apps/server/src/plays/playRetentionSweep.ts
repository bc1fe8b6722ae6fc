// The plays' retention sweep (docs/proof-of-play.md §Retention): every hour, raw plays and rollups past their
// retention are deleted. Hourly, so each sweep deletes about an hour's worth of rows and never holds the database
// for long. Timers, overlap and errors: periodicSweep.ts.

import { nodeSweepTimers, startPeriodicSweep, type SweepTimers } from '../periodicSweep';
import type { PlayService } from './playService';

export const PLAY_RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep. */
export function startPlayRetentionSweep(
  plays: Pick<PlayService, 'purge'>,
  timers: SweepTimers | null = nodeSweepTimers,
  onError: (error: unknown) => void,
): () => void {
  return startPeriodicSweep(() => plays.purge(), PLAY_RETENTION_SWEEP_MS, timers, onError);
}
