import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnBothEngines, openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { testClock } from '../../test/harness/app';
import { newId } from '../ids';
import { NODE_LEASE_MS, NodeLease } from './nodeLease';

describeOnBothEngines('NodeLease', (database) => {
  const lease = (clock = testClock()) => new NodeLease({ db: database().db, nodeId: newId(), clock });
  const row = (id: string) =>
    database().db.selectFrom('server_nodes').selectAll().where('id', '=', id).executeTakeFirst();

  it('takes a lease, renews it, and gives it up', async () => {
    const clock = testClock();
    const node = lease(clock);
    await node.acquire();
    expect(await row(node.nodeId)).toEqual({
      id: node.nodeId,
      started_at: clock(),
      lease_expires_at: clock() + NODE_LEASE_MS,
    });
    clock.advance(10_000);
    expect(await node.renew()).toBe(true);
    expect((await row(node.nodeId))?.lease_expires_at).toBe(clock() + NODE_LEASE_MS);
    await node.release();
    expect(await row(node.nodeId)).toBeUndefined();
  });

  it('answers the live nodes and removes the expired leases', async () => {
    const clock = testClock();
    const oldClock = testClock(clock() - NODE_LEASE_MS - 1);
    const dead = lease(oldClock);
    await dead.acquire();
    const alive = lease(clock);
    await alive.acquire();
    const live = await alive.liveNodes();
    expect(live.has(alive.nodeId)).toBe(true);
    expect(live.has(dead.nodeId)).toBe(false);
    expect(await row(dead.nodeId)).toBeUndefined();
    await alive.release();
  });

  it('takes the lease again when it was lost, and says so', async () => {
    const clock = testClock();
    const node = lease(clock);
    await node.acquire();
    await database().db.deleteFrom('server_nodes').where('id', '=', node.nodeId).execute();
    expect(await node.renew()).toBe(false);
    expect((await row(node.nodeId))?.lease_expires_at).toBe(clock() + NODE_LEASE_MS);
    expect(await node.renew()).toBe(true);
    await node.release();
  });
});

describe('NodeLease on PostgreSQL, behind a busy pool', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('renews on the liveness connection without waiting for the queries queued on the pool', async () => {
    const { db, liveness } = test.handle;
    const node = new NodeLease({ db: liveness!, nodeId: newId(), clock: Date.now });
    await node.acquire();
    // Four rounds of the pool's ten connections, half a second each: two seconds for a query queued behind them.
    const queued = Array.from({ length: 40 }, () => sql`SELECT pg_sleep(0.5)`.execute(db));
    const started = performance.now();
    expect(await node.renew()).toBe(true);
    expect(performance.now() - started).toBeLessThan(400);
    await Promise.all(queued);
    await node.release();
  });
});
