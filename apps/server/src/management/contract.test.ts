// The management API as served against its contract (@marquee/management-api): every /api/v1 route is a route of
// the contract and the other way round, and the OpenAPI document shows, for each, exactly the request body,
// parameters and success answers generated from the contract's schemas. A route that validated or answered with
// anything else would drift from what the studio and integrators are told; this test catches it.

import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_API_PREFIX, MANAGEMENT_ROUTES, type ManagementRoute } from '@marquee/management-api';
import { openApiDocument, startTestApp, type TestApp } from '../../test/harness/app';

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { in: string; name: string; required: boolean; schema: unknown }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

interface Generated {
  body?: unknown;
  params?: JsonSchema;
  querystring?: JsonSchema;
  response?: Record<string, unknown>;
}

/** '/screens/:id/logs' → '/api/v1/screens/{id}/logs', as the OpenAPI document writes paths. */
const documentedPath = (route: ManagementRoute) =>
  MANAGEMENT_API_PREFIX + route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const contractRoutes = Object.entries(MANAGEMENT_ROUTES) as [string, ManagementRoute][];

describe('the management API and its contract', () => {
  let test: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  /** The JSON schemas the OpenAPI transform generates from the route's contract schemas. */
  function generated(route: ManagementRoute): Generated {
    const { method: _method, path: _path, ...schema } = route;
    const transformed = jsonSchemaTransform({
      schema,
      url: MANAGEMENT_API_PREFIX + route.path,
      openapiObject: { openapi: document.openapi },
    } as unknown as Parameters<typeof jsonSchemaTransform>[0]);
    return transformed.schema as Generated;
  }

  function operation(route: ManagementRoute): Operation {
    const documented = document.paths[documentedPath(route)]?.[route.method.toLowerCase()];
    if (documented === undefined) throw new Error(`${route.method} ${route.path} is not documented`);
    return documented;
  }

  function parameters(operationOf: Operation, where: 'path' | 'query', schema: JsonSchema | undefined) {
    const documented = (operationOf.parameters ?? []).filter((parameter) => parameter.in === where);
    const expected = Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
      in: where,
      name,
      required: schema?.required?.includes(name) ?? false,
      schema: property,
    }));
    return { documented, expected };
  }

  beforeAll(async () => {
    test = await startTestApp();
    document = await openApiDocument(test.app);
  });
  afterAll(async () => {
    await test.close();
  });

  it('serves every route of the contract under /api/v1, and no other', () => {
    const served = test.app.routeTable
      .filter((route) => route.url.startsWith(`${MANAGEMENT_API_PREFIX}/`) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const declared = contractRoutes.map(
      ([, route]) => `${route.method} ${MANAGEMENT_API_PREFIX}${route.path}`,
    );
    expect(served).toEqual(declared.sort());
    const documented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${MANAGEMENT_API_PREFIX}/`))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(
      contractRoutes.map(([, route]) => `${route.method.toLowerCase()} ${documentedPath(route)}`).sort(),
    );
  });

  it.each(contractRoutes)(
    'documents %s with the request body generated from the contract',
    (_name, route) => {
      const documented = operation(route).requestBody?.content['application/json']?.schema;
      expect(documented).toEqual(generated(route).body);
    },
  );

  it.each(contractRoutes)('documents %s with the parameters generated from the contract', (_name, route) => {
    const schema = generated(route);
    for (const [where, expected] of [
      ['path', schema.params],
      ['query', schema.querystring],
    ] as const) {
      const compared = parameters(operation(route), where, expected);
      expect(compared.documented).toEqual(expect.arrayContaining(compared.expected));
      expect(compared.documented).toHaveLength(compared.expected.length);
    }
  });

  it.each(contractRoutes)(
    'documents %s with the success answers generated from the contract',
    (_name, route) => {
      const { responses } = operation(route);
      const expected = generated(route).response ?? {};
      // A route without a JSON answer (the screenshot's bytes) is documented with a bare 'Default Response'.
      const successes = Object.keys(responses).filter(
        (status) => status.startsWith('2') && responses[status]?.content !== undefined,
      );
      expect(successes.sort()).toEqual(Object.keys(expected).sort());
      for (const [status, schema] of Object.entries(expected)) {
        expect(
          responses[status]?.content?.['application/json']?.schema,
          `${route.method} ${route.path} ${status}`,
        ).toEqual(schema);
      }
    },
  );
});
