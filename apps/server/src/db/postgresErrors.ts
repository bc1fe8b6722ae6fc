// What a PostgreSQL error says about the statement that failed: whether anything of it may have been committed, and
// whether running it again can succeed. Shared by the realtime group commit and the health sweep.

import pg from 'pg';

/**
 * True when PostgreSQL itself refused the statement (an error answer with a SQLSTATE): nothing of it was
 * committed, so its writes can be retried. A connection lost while a statement ran may or may not have committed
 * it, so such a write is answered with the error rather than applied a second time.
 */
export function refusedByDatabase(error: unknown): boolean {
  return error instanceof pg.DatabaseError;
}

/** A deadlock or serialization failure: the statement was rolled back and can be run again as it was. */
export function isTransientConflict(error: unknown): boolean {
  return error instanceof pg.DatabaseError && (error.code === '40P01' || error.code === '40001');
}
