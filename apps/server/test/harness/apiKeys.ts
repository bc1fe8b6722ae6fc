// API keys and members of a given role, for the tests of keys and roles (docs/teams.md §API keys).

import type { Role } from '@marquee/management-api';
import type { App } from '../../src/app';
import { bearer, signUpOperator, type TestOperator } from './management';

export interface TestApiKey {
  id: string;
  key: string;
}

/** Makes a key through POST /api/v1/api-keys as `maker`. */
export async function makeApiKey(
  app: App,
  maker: TestOperator,
  role: Exclude<Role, 'owner'>,
  name = `${role} integration`,
): Promise<TestApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: bearer(maker.token),
    payload: { name, role },
  });
  if (response.statusCode !== 201)
    throw new Error(`key creation failed: ${response.statusCode} ${response.body}`);
  return response.json<TestApiKey>();
}

/**
 * A member of `team`'s organisation with `role`. Signed up on their own, then moved into the organisation in the
 * database: the invitation flow is not what these tests are about. The role is read on every call, so the token
 * carries the new one at once.
 */
export async function memberOf(app: App, team: TestOperator, role: Role): Promise<TestOperator> {
  const member = await signUpOperator(app, 'Scratch');
  await app.services.db
    .updateTable('users')
    .set({ org_id: team.orgId, role })
    .where('id', '=', member.userId)
    .execute();
  return { ...member, orgId: team.orgId };
}
