// How long deliveries are kept (docs/webhooks.md §Retries): a delivery that is done (delivered or failed) is deleted
// with its attempts 30 days after its event, so the tables do not grow for ever. Pending ones are never old (they
// fail 24 h after the event). Deleted a batch at a time, with a turn of the event loop between batches.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nextTurn } from '../eventLoop';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DELIVERY_RETENTION_MS = 30 * DAY_MS;
/** Each node prunes at most this often. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 500;

/** Deletes the finished deliveries of events older than `retentionMs`, and their attempts; answers how many. */
export async function pruneDeliveries(
  db: Kysely<Database>,
  now: number,
  retentionMs = DELIVERY_RETENTION_MS,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('created_at', '<', now - retentionMs)
      .where('state', '!=', 'pending')
      .limit(PRUNE_BATCH)
      .execute();
    if (old.length === 0) return deleted;
    const ids = old.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
      await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
    });
    deleted += ids.length;
    if (ids.length < PRUNE_BATCH) return deleted;
    await nextTurn();
  }
}
