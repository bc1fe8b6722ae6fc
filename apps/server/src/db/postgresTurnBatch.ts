// Statements every connection of a fleet makes, on PostgreSQL: the calls made during one turn of the event loop run
// as one statement per chunk of MAX_TURN_BATCH at the next turn, at most one of a kind every GATHER_MS
// (turnBatched.ts). Each statement on its own is a round trip through the pool and a wake-up of a PostgreSQL
// backend: a fleet reconnecting to three nodes made about eight per player (authentication, first reads,
// onDisconnect rows), and the nodes' profiles showed most of the storm in writes to PostgreSQL's sockets with the
// machine's CPUs saturated. SQLite batches the same calls in one transaction per turn (sqliteTurnBatch.ts).

import { batchedByTurn } from '../turnBatched';
import { MAX_TURN_BATCH } from './sqliteTurnBatch';

/**
 * The least time between two statements of one kind from a node (turnBatched.ts): under a reconnecting fleet each
 * went out nearly every turn with two or three calls. With 20 ms, three nodes' reconnect storm of 20,000 made 18,368
 * statements instead of 39,700 and its connect phase 0.38 per player instead of 0.71 (docs/deployment.md); a call
 * after a quiet spell still goes at the next turn.
 */
const GATHER_MS = 20;

type Outcome = { failed: false } | { failed: true; error: unknown };

const WRITTEN: Outcome = { failed: false };

/**
 * A statement whose calls of one turn are written together: `run` writes the items it is given in ONE statement.
 * Each call resolves once its statement committed; when a statement fails, its items are written again one by one,
 * so a bad item fails alone (its call rejects with its own error) and the others still land.
 */
export function statementPerTurn<T>(
  run: (items: readonly T[]) => Promise<unknown>,
): (item: T) => Promise<void> {
  const batched = batchedByTurn(
    async (items: T[]): Promise<Outcome[]> => {
      const outcomes: Outcome[] = [];
      for (let start = 0; start < items.length; start += MAX_TURN_BATCH) {
        const chunk = items.slice(start, start + MAX_TURN_BATCH);
        try {
          await run(chunk);
          for (let index = 0; index < chunk.length; index++) outcomes.push(WRITTEN);
        } catch (error) {
          if (chunk.length === 1) outcomes.push({ failed: true, error });
          else outcomes.push(...(await Promise.all(chunk.map((item) => runAlone(run, item)))));
        }
      }
      return outcomes;
    },
    { gatherMs: GATHER_MS },
  );
  return async (item) => {
    const outcome = await batched(item);
    if (outcome.failed) throw outcome.error;
  };
}

async function runAlone<T>(run: (items: readonly T[]) => Promise<unknown>, item: T): Promise<Outcome> {
  try {
    await run([item]);
    return WRITTEN;
  } catch (error) {
    return { failed: true, error };
  }
}

/**
 * A read by key whose calls of one turn are answered by one query: `read` answers the rows of the (distinct) keys it
 * is given, and each call gets the rows whose `keyOf` is its key, in the order `read` answered them. A failed query
 * rejects every call of its turn.
 */
export function readPerTurn<O>(
  read: (keys: readonly string[]) => Promise<readonly O[]>,
  keyOf: (row: O) => string,
): (key: string) => Promise<O[]> {
  return batchedByTurn(
    async (keys: string[]) => {
      const distinct = [...new Set(keys)];
      const rows = new Map<string, O[]>();
      for (let start = 0; start < distinct.length; start += MAX_TURN_BATCH) {
        for (const row of await read(distinct.slice(start, start + MAX_TURN_BATCH))) {
          const key = keyOf(row);
          const known = rows.get(key);
          if (known === undefined) rows.set(key, [row]);
          else known.push(row);
        }
      }
      // Each call its own array: a caller may keep or change what it was given.
      return keys.map((key) => [...(rows.get(key) ?? [])]);
    },
    { gatherMs: GATHER_MS },
  );
}
