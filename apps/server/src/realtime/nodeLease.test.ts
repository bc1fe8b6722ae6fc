import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
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
