import { expect, it } from 'vitest';
import { describeOnBothEngines } from '../../test/harness/databases';
import { insertOrg, insertPlayer } from '../../test/harness/fixtures';
import { PlayerOrgCache } from './playerOrgs';

describeOnBothEngines('PlayerOrgCache', (database) => {
  it('answers the organisation, caches it for its time, then looks again', async () => {
    const { db } = database();
    const org = await insertOrg(db);
    const playerId = await insertPlayer(db, { org_id: org });
    let now = 0;
    const cache = new PlayerOrgCache({ db, now: () => now, ttlMs: 1000 });
    expect(await cache.orgOf(playerId)).toBe(org);
    await db.updateTable('players').set({ org_id: null }).where('id', '=', playerId).execute();
    now = 999;
    expect(await cache.orgOf(playerId)).toBe(org);
    now = 1000;
    expect(await cache.orgOf(playerId)).toBeNull();
    expect(await cache.orgOf('no-such-player')).toBeNull();
  });

  it('shares a lookup between concurrent callers and forgets the oldest entries beyond its size', async () => {
    const { db } = database();
    const org = await insertOrg(db);
    const ids = [await insertPlayer(db, { org_id: org }), await insertPlayer(db), await insertPlayer(db)];
    const cache = new PlayerOrgCache({ db, maxEntries: 2 });
    const [a, b] = [cache.orgOf(ids[0]!), cache.orgOf(ids[0]!)];
    expect(a).toBe(b);
    expect(await a).toBe(org);
    await cache.orgOf(ids[1]!);
    await cache.orgOf(ids[2]!); // ids[0] goes
    await db.updateTable('players').set({ org_id: null }).where('id', '=', ids[0]!).execute();
    expect(await cache.orgOf(ids[0]!)).toBeNull();
  });

  it('forgets a player at once after a pairing change, the answer of a lookup already in flight included', async () => {
    const { db } = database();
    const org = await insertOrg(db);
    const playerId = await insertPlayer(db, { org_id: org });
    const cache = new PlayerOrgCache({ db, ttlMs: 60_000 });
    expect(await cache.orgOf(playerId)).toBe(org);
    await db.updateTable('players').set({ org_id: null }).where('id', '=', playerId).execute();
    expect(await cache.orgOf(playerId)).toBe(org); // cached
    expect(await cache.orgOf(playerId, { fresh: true })).toBeNull();

    await db.updateTable('players').set({ org_id: org }).where('id', '=', playerId).execute();
    const before = cache.orgOf(playerId, { fresh: true });
    cache.forget(playerId); // a pairing change is heard of while that read is on its way
    expect(await before).toBe(org);
    await db.updateTable('players').set({ org_id: null }).where('id', '=', playerId).execute();
    // The older read was not kept: the next caller asks the database.
    expect(await cache.orgOf(playerId)).toBeNull();
  });
});
