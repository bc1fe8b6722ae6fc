// This node's lease in server_nodes (docs/architecture.md §Scale): renewed while the node lives; a node whose lease has
// expired is dead, and its armed onDisconnect actions are run by a surviving node (onDisconnect.ts).

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How long a lease lasts without renewal. A dead node's armed actions run at most NODE_LEASE_MS +
 * NODE_LEASE_RENEW_MS after its death (20 s), while a node stalled for less than the lease (a long GC pause, a slow
 * database) keeps its players. Node clocks are compared: keep them in sync (NTP).
 */
export const NODE_LEASE_MS = 15_000;
/** How often a node renews its lease and looks for dead nodes: three renewals per lease. */
export const NODE_LEASE_RENEW_MS = 5_000;

export interface NodeLeaseOptions {
  db: Kysely<Database>;
  nodeId: string;
  /** Epoch milliseconds, shared by every node (lease times are compared across nodes). */
  clock: () => number;
  leaseMs?: number;
}

export class NodeLease {
  readonly nodeId: string;
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly leaseMs: number;
  private readonly startedAt: number;

  constructor(options: NodeLeaseOptions) {
    this.db = options.db;
    this.nodeId = options.nodeId;
    this.clock = options.clock;
    this.leaseMs = options.leaseMs ?? NODE_LEASE_MS;
    this.startedAt = this.clock();
  }

  async acquire(): Promise<void> {
    const now = this.clock();
    await this.db
      .insertInto('server_nodes')
      .values({ id: this.nodeId, started_at: this.startedAt, lease_expires_at: now + this.leaseMs })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ lease_expires_at: now + this.leaseMs }))
      .execute();
  }

  /**
   * Extends the lease. Answers false when the lease had been lost (another node found it expired and removed it):
   * the row is taken again, and the caller must persist its armed actions again, since they may have been run.
   */
  async renew(): Promise<boolean> {
    const result = await this.db
      .updateTable('server_nodes')
      .set({ lease_expires_at: this.clock() + this.leaseMs })
      .where('id', '=', this.nodeId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    await this.acquire();
    return false;
  }

  /** Removes the leases that have expired and answers the ids of the nodes still alive (this one included). */
  async liveNodes(): Promise<Set<string>> {
    const now = this.clock();
    await this.db.deleteFrom('server_nodes').where('lease_expires_at', '<', now).execute();
    const rows = await this.db.selectFrom('server_nodes').select('id').execute();
    return new Set(rows.map((row) => row.id));
  }

  async release(): Promise<void> {
    await this.db.deleteFrom('server_nodes').where('id', '=', this.nodeId).execute();
  }
}
