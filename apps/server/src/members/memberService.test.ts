// MemberService's rules under concurrency (docs/teams.md §Members and invitations): two owners demoting or removing
// each other at the same moment leave one owner, never none; a refused change leaves no audit entry, an accepted
// one leaves exactly one, committed with it. On both engines.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { signUpOperator } from '../../test/harness/management';
import { addMember } from '../../test/harness/members';
import type { Operator } from '../operators/operatorService';

describe.each(['sqlite', 'postgres'] as const)('MemberService (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null, webhookTimers: null });
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  /** Opens pooled connections ahead, so that two transactions started together really run at once (PostgreSQL). */
  const warmPool = () =>
    Promise.all(
      [1, 2, 3].map(() =>
        test.app.services.db.transaction().execute(async (trx) => {
          await trx.selectFrom('orgs').select('id').limit(1).execute();
          await new Promise((resolve) => setTimeout(resolve, 30));
        }),
      ),
    );

  /** An organisation with two owners, each as an operator. */
  const twoOwners = async (): Promise<[Operator, Operator]> => {
    const first = await signUpOperator(test.app, 'Two Owners');
    const second = await addMember(test.app, first, 'owner');
    const { operators } = test.app.services;
    const both: [Operator, Operator] = [
      await operators.authenticate(first.token),
      await operators.authenticate(second.token),
    ];
    await warmPool();
    return both;
  };
  const owners = async (orgId: string) =>
    (
      await test.app.services.db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', orgId)
        .where('role', '=', 'owner')
        .execute()
    ).length;
  const entries = async (orgId: string, action: string) =>
    (
      await test.app.services.db
        .selectFrom('audit_log')
        .select('id')
        .where('org_id', '=', orgId)
        .where('action', '=', action)
        .execute()
    ).length;

  it('leaves one owner when two owners demote each other at once', async () => {
    const [a, b] = await twoOwners();
    const { members } = test.app.services;
    const results = await Promise.allSettled([
      members.updateRole(a, b.uid, 'admin'),
      members.updateRole(b, a.uid, 'admin'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { code: 'LAST_OWNER' },
    });
    expect(await owners(a.orgId)).toBe(1);
    expect(await entries(a.orgId, 'member.update')).toBe(1);
  });

  it('leaves one owner when two owners remove each other at once', async () => {
    const [a, b] = await twoOwners();
    const { members } = test.app.services;
    const results = await Promise.allSettled([members.remove(a, b.uid), members.remove(b, a.uid)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await owners(a.orgId)).toBe(1);
    expect(await entries(a.orgId, 'member.remove')).toBe(1);
  });

  it('records nothing for a refused or an empty change', async () => {
    const [a] = await twoOwners();
    const { members } = test.app.services;
    await expect(members.updateRole({ ...a, role: 'admin' }, a.uid, 'viewer')).rejects.toMatchObject({
      code: 'OWNER_PROTECTED',
    });
    expect(await members.updateRole(a, a.uid, 'owner')).toMatchObject({ role: 'owner' });
    expect(await entries(a.orgId, 'member.update')).toBe(0);
  });

  it('keeps ownership with a person: a key cannot hand it over', async () => {
    const [a, b] = await twoOwners();
    const key: Operator = { ...a, actor: { kind: 'apiKey', id: 'key1', name: 'CI' } };
    await expect(test.app.services.members.transferOwnership(key, b.uid)).rejects.toMatchObject({
      code: 'MEMBERS_ONLY',
    });
  });
});
