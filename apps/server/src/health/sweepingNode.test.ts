// Which node runs the health sweep, on both engines: a node of a real app (its realtime hub holds a lease under the
// services' node id) sweeps unless a live node with a smaller id is beside it; a node without a live lease of its
// own sweeps whatever the others.

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { handDrivenSweepTimers } from '../../test/harness/sweepTimers';
import { HEALTH_SWEEP_MS } from './healthSweep';

/** Ids below and above any id newId makes (lower-case letters and digits, a time prefix that is never all zeros). */
const OLDER = '0'.repeat(25);
const YOUNGER = 'z'.repeat(25);

describe.each(['sqlite', 'postgres'] as const)('the node that sweeps health (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const { timers, runs } = handDrivenSweepTimers();
  let sweeps: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: timers, webhookTimers: null });
    sweeps = vi.spyOn(test.app.services.healthMonitor, 'sweep');
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });
  beforeEach(async () => {
    const db = test.app.services.db;
    await db.deleteFrom('server_nodes').where('id', 'in', [OLDER, YOUNGER]).execute();
    // This node's lease, as its hub renews it.
    await db
      .updateTable('server_nodes')
      .set({ lease_expires_at: test.clock() + 15_000 })
      .where('id', '=', test.app.services.nodeId)
      .execute();
    sweeps.mockClear();
  });

  const healthTick = async () => {
    const run = runs.find((scheduled) => scheduled.ms === HEALTH_SWEEP_MS);
    if (run === undefined) throw new Error('the health sweep was not scheduled');
    await run.run();
  };
  const addNode = (id: string, leaseFromNow: number) =>
    test.app.services.db
      .insertInto('server_nodes')
      .values({ id, started_at: test.clock(), lease_expires_at: test.clock() + leaseFromNow })
      .execute();

  it('the realtime hub leases the id the sweep looks for', async () => {
    const own = await test.app.services.db
      .selectFrom('server_nodes')
      .select('id')
      .where('id', '=', test.app.services.nodeId)
      .executeTakeFirst();
    expect(own?.id).toBe(test.app.services.nodeId);
    expect(test.app.realtimeHub.nodeId).toBe(test.app.services.nodeId);
  });

  it('sweeps alone and beside a younger live node', async () => {
    await healthTick();
    await addNode(YOUNGER, 15_000);
    await healthTick();
    expect(sweeps).toHaveBeenCalledTimes(2);
  });

  it('leaves the sweep to an older live node, and takes it back once its lease has expired', async () => {
    await addNode(OLDER, 15_000);
    await healthTick();
    expect(sweeps).not.toHaveBeenCalled();
    test.clock.advance(15_000); // the older node's lease and this node's expire: this one renews
    await test.app.services.db
      .updateTable('server_nodes')
      .set({ lease_expires_at: test.clock() + 15_000 })
      .where('id', '=', test.app.services.nodeId)
      .execute();
    await healthTick();
    expect(sweeps).toHaveBeenCalledTimes(1);
  });

  it('sweeps without a live lease of its own, whatever the others', async () => {
    await addNode(OLDER, 60_000);
    await test.app.services.db
      .updateTable('server_nodes')
      .set({ lease_expires_at: test.clock() - 1 })
      .where('id', '=', test.app.services.nodeId)
      .execute();
    await healthTick();
    expect(sweeps).toHaveBeenCalledTimes(1);
  });
});
