// The audit log's retention sweep (docs/teams.md §Audit log): every hour, entries older than
// MARQUEE_AUDIT_RETENTION_DAYS are deleted, so each sweep deletes about an hour's worth. Timers, overlap and errors:
// periodicSweep.ts.

import { nodeSweepTimers, startPeriodicSweep, type SweepTimers } from '../periodicSweep';
import type { AuditService } from './auditService';

export const AUDIT_RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Starts sweeping; answers the function that stops it. `timers` null: no sweep. */
export function startAuditRetentionSweep(
  audit: Pick<AuditService, 'purge'>,
  timers: SweepTimers | null = nodeSweepTimers,
  onError: (error: unknown) => void,
): () => void {
  return startPeriodicSweep(() => audit.purge(), AUDIT_RETENTION_SWEEP_MS, timers, onError);
}
