// The route-access table as the server applies it (docs/teams.md §Roles): a management route the table does not
// name stops the server from starting, and the OpenAPI document shows each route's access.

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_API_PREFIX, MANAGEMENT_ROUTES, type ManagementRoute } from '@marquee/management-api';
import { ROUTE_ACCESS, type RouteAccess } from '@marquee/management-api/access';
import { openApiDocument, startTestApp, type TestApp } from '../../test/harness/app';
import { enforceRouteAccess } from './routeAccess';

describe('route access', () => {
  it('refuses to serve a management route the access table does not name', async () => {
    const app = Fastify();
    app.register(async (scope) => {
      enforceRouteAccess(scope);
      scope.get(`${MANAGEMENT_API_PREFIX}/secrets`, async () => ({ all: 'of them' }));
    });
    await expect(app.ready()).rejects.toThrow(
      `GET ${MANAGEMENT_API_PREFIX}/secrets is not in the management API`,
    );
    await app.close();
  });

  describe('in the OpenAPI document', () => {
    let test: TestApp;
    let paths: Record<string, Record<string, { description?: string; 'x-marquee-access'?: RouteAccess }>>;
    beforeAll(async () => {
      test = await startTestApp({ sweepTimers: null });
      paths = (await openApiDocument<{ paths: typeof paths }>(test.app)).paths;
    });
    afterAll(() => test.close());

    it.each(Object.entries(MANAGEMENT_ROUTES) as [keyof typeof ROUTE_ACCESS, ManagementRoute][])(
      'shows the access of %s',
      (name, route) => {
        const path = MANAGEMENT_API_PREFIX + route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const operation = paths[path]?.[route.method.toLowerCase()];
        expect(operation?.['x-marquee-access']).toBe(ROUTE_ACCESS[name]);
        const access = ROUTE_ACCESS[name];
        expect(operation?.description).toContain(
          access === 'public'
            ? 'no credential'
            : access === 'member'
              ? 'never an API key'
              : `Role: ${access}`,
        );
      },
    );
  });
});
