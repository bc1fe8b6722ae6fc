// Who may call which management route (docs/teams.md §Roles): the contract's one table (ROUTE_ACCESS in
// @marquee/management-api/access) is applied to every /api/v1 route as it is registered. A route the table does
// not name stops the server from starting, so no route can be served without a declared role. The check runs
// on the request, after the caller is authenticated and before any body is read; the OpenAPI document shows
// each route's role.

import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  MANAGEMENT_API_PREFIX,
  MANAGEMENT_ROUTES,
  ROUTE_ACCESS,
  roleAtLeast,
  type ManagementRoute,
  type ManagementRouteName,
  type RouteAccess,
} from '@marquee/management-api';
import { forbidden } from '../domain/errors';
import { MEMBER_SECURITY } from '../http/openApiSecurity';
import { operatorOf } from './authenticate';

const byMethodAndUrl = new Map<string, ManagementRouteName>(
  (Object.entries(MANAGEMENT_ROUTES) as [ManagementRouteName, ManagementRoute][]).map(([name, route]) => [
    `${route.method} ${MANAGEMENT_API_PREFIX}${route.path}`,
    name,
  ]),
);

/** The contract's name of a served route, by its method (HEAD as GET) and URL. */
export function routeNameOf(method: string, url: string): ManagementRouteName | undefined {
  return byMethodAndUrl.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/** The check of one access level on a request (behind the operator's authentication). */
export function accessCheck(access: Exclude<RouteAccess, 'public'>) {
  return async function checkAccess(request: FastifyRequest): Promise<void> {
    const operator = operatorOf(request);
    if (access === 'member') {
      if (operator.actor.kind !== 'member') {
        throw forbidden('MEMBERS_ONLY', 'API keys cannot do this: sign in as a member');
      }
      return;
    }
    if (!roleAtLeast(operator.role, access)) {
      throw forbidden(
        'ROLE_REQUIRED',
        `This needs the ${access} role or above; ${operator.actor.kind === 'apiKey' ? 'this key' : 'you'} ${
          operator.actor.kind === 'apiKey' ? 'has' : 'have'
        } the ${operator.role} role`,
      );
    }
  };
}

function describeAccess(access: RouteAccess): string {
  if (access === 'public') return 'Open: no credential.';
  if (access === 'member') return 'Any signed-in member; never an API key.';
  return `Role: ${access} or above (members and API keys).`;
}

/** Applies ROUTE_ACCESS to every management route registered from now on in `app` and its children. */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = routeNameOf(methods[0] as string, route.url);
    if (name === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} is not in the management API's contract`);
    }
    const access = ROUTE_ACCESS[name];
    const schema = (route.schema ?? {}) as {
      description?: string;
      security?: unknown;
      'x-marquee-access'?: RouteAccess;
    };
    route.schema = {
      ...schema,
      // A member's own session refuses keys (accessCheck), so its document names the ID token alone.
      ...(access === 'member' && schema.security !== undefined ? { security: MEMBER_SECURITY } : {}),
      description: [schema.description, describeAccess(access)].filter(Boolean).join('\n\n'),
      'x-marquee-access': access,
    } as typeof route.schema;
    if (access === 'public') return;
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...existing, accessCheck(access)];
  });
}
