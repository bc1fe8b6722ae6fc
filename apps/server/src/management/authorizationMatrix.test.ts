// The authorisation matrix (docs/teams.md §Roles): every management route called by every role, on both engines.
// A role below the route's entry in the contract's access table is refused 403 ROLE_REQUIRED before anything is
// read; a role at or above it gets past the check (whatever the route then answers: the placeholder ids do not
// exist and the bodies are empty, so nothing is changed), never a 5xx. Public routes need no credential; routes for
// members only refuse API keys.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANAGEMENT_API_PREFIX,
  MANAGEMENT_ROUTES,
  type ManagementRoute,
  type ManagementRouteName,
} from '@marquee/management-api';
import {
  ROLES,
  ROUTE_ACCESS,
  roleAtLeast,
  type Role,
  type RouteAccess,
} from '@marquee/management-api/access';
import { startTestApp, type TestApp } from '../../test/harness/app';
import { openTestDatabase, type TestDatabase } from '../../test/harness/databases';
import { makeApiKey } from '../../test/harness/apiKeys';
import { bearer, signUpOperator } from '../../test/harness/management';

/** Path parameters that are well-formed and name nothing. */
const PLACEHOLDERS: Record<string, string> = { id: '0000000000000000000000000', playerId: 'no-such-player' };

const urlOf = (route: ManagementRoute) =>
  MANAGEMENT_API_PREFIX + route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => PLACEHOLDERS[name] ?? 'x');

type KeyRole = Exclude<Role, 'owner'>;
const KEY_ROLES = ROLES.filter((role): role is KeyRole => role !== 'owner');

const routes = Object.entries(MANAGEMENT_ROUTES) as [ManagementRouteName, ManagementRoute][];

describe.each(['sqlite', 'postgres'] as const)('the authorisation matrix (%s)', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** A member's ID token per role, each in an organisation of its own. */
  const tokens = {} as Record<Role, string>;
  /** An API key per role a key can have, made by the owner. */
  const keys = {} as Record<KeyRole, string>;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    test = await startTestApp({ database: database.handle, sweepTimers: null });
    for (const role of ROLES) {
      const member = await signUpOperator(test.app, `Matrix ${role}`);
      await test.app.services.db.updateTable('users').set({ role }).where('id', '=', member.userId).execute();
      tokens[role] = member.token;
      if (role === 'owner') {
        for (const keyRole of KEY_ROLES) keys[keyRole] = (await makeApiKey(test.app, member, keyRole)).key;
      }
    }
  });
  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const call = (name: ManagementRouteName, token: string | null) => {
    const route = MANAGEMENT_ROUTES[name] as ManagementRoute;
    return test.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: token === null ? {} : bearer(token),
      ...(route.body === undefined ? {} : { payload: {} }),
    });
  };

  it('declares an access for every route, and no access for a route that does not exist', () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(routes.map(([name]) => name).sort());
  });

  describe.each(ROLES)('as %s', (role) => {
    it.each(routes.filter(([name]) => ROUTE_ACCESS[name] !== 'public').map(([name]) => name))(
      '%s',
      async (name) => {
        const access = ROUTE_ACCESS[name] as Exclude<RouteAccess, 'public'>;
        const response = await call(name, tokens[role]);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const refused = response.statusCode === 403 && response.json().error.code === 'ROLE_REQUIRED';
        expect(refused, `${role} on ${name} (${access}): ${response.statusCode} ${response.body}`).toBe(
          access !== 'member' && !roleAtLeast(role, access),
        );
      },
    );
  });

  describe.each(KEY_ROLES)('with an API key of role %s', (role) => {
    it.each(routes.filter(([name]) => ROUTE_ACCESS[name] !== 'public').map(([name]) => name))(
      '%s',
      async (name) => {
        const access = ROUTE_ACCESS[name] as Exclude<RouteAccess, 'public'>;
        const response = await call(name, keys[role]);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const code = response.statusCode === 403 ? response.json().error.code : null;
        if (access === 'member') expect(code, `${name}: ${response.body}`).toBe('MEMBERS_ONLY');
        else
          expect(code === 'ROLE_REQUIRED', `key ${role} on ${name} (${access}): ${response.body}`).toBe(
            !roleAtLeast(role, access),
          );
      },
    );
  });

  it.each(routes.filter(([name]) => ROUTE_ACCESS[name] === 'public').map(([name]) => name))(
    'serves %s without a credential',
    async (name) => {
      const response = await call(name, null);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.statusCode, response.body).not.toBe(401);
      expect(response.statusCode, response.body).not.toBe(404);
    },
  );

  it.each(routes.filter(([name]) => !['public'].includes(ROUTE_ACCESS[name])).map(([name]) => name))(
    'refuses %s without a credential',
    async (name) => {
      const response = await call(name, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('MISSING_AUTHORIZATION');
    },
  );
});
