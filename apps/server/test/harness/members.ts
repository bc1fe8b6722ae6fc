// Members of a test organisation, made through the real routes: an invitation by an owner or admin, accepted with
// a password. For the teams tests (apps/server/src/members, apps/server/src/management/memberRoutes.test.ts).

import type { Role } from '@marquee/management-api';
import type { App } from '../../src/app';
import { PASSWORD, bearer, type TestOperator } from './management';

let sequence = 0;

/** A fresh address no other test uses. */
export const memberEmail = (label = 'member') => `${label}${++sequence}-${Date.now()}@example.com`;

/** Invites an address with `role` as `inviter`; answers the invitation's answer (with its token). */
export async function invite(app: App, inviter: TestOperator, role: Role, email = memberEmail(role)) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/invitations',
    headers: bearer(inviter.token),
    payload: { email, role },
  });
  if (response.statusCode !== 201)
    throw new Error(`invitation failed: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string; token: string; url: string; email: string; emailed: boolean }>();
}

/** A new member of the inviter's organisation with `role` (and `email`, default a fresh address), signed in. */
export async function addMember(
  app: App,
  inviter: TestOperator,
  role: Role,
  email = memberEmail(role),
): Promise<TestOperator> {
  const invitation = await invite(app, inviter, role, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/accept-invitation',
    payload: { token: invitation.token, password: PASSWORD },
  });
  if (response.statusCode !== 201)
    throw new Error(`acceptance failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ idToken: string; refreshToken: string; user: { id: string } }>();
  return {
    token: body.idToken,
    refreshToken: body.refreshToken,
    userId: body.user.id,
    orgId: inviter.orgId,
    email: invitation.email,
  };
}
