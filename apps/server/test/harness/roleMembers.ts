// Members of an organisation with a given role, made straight in the database (the invitation flow is tested on
// its own), each with a signed-in session.

import type { Role } from '@marquee/management-api';
import type { App } from '../../src/app';
import { newId } from '../../src/ids';

export interface TestMember {
  userId: string;
  email: string;
  token: string;
}

let sequence = 0;

/** A member of `orgId` with `role` (and `email`, default a fresh address), signed in. */
export async function addMember(
  app: App,
  orgId: string,
  role: Role,
  email = `member${++sequence}-${Date.now()}@example.com`,
): Promise<TestMember> {
  const { db, clock, operators } = app.services;
  const userId = newId(clock());
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: email.toLowerCase(),
      password_hash: '',
      org_id: orgId,
      role,
      disabled: 0,
      valid_since: 0,
      created_at: clock(),
      last_login_at: null,
    })
    .execute();
  const session = await operators.signInVouched(userId);
  return { userId, email: email.toLowerCase(), token: session.idToken };
}
