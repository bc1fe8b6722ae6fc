import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, startTestApp, type TestApp } from '../../test/harness/app';

/** '/api/v1/screens/:id' → '/api/v1/screens/{id}' ('/db/*' → '/db/{*}'), as the OpenAPI document writes paths. */
const openApiPath = (url: string) =>
  url
    .split('::')
    .map((part) => part.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}'))
    .join(':');

describe('OpenAPI at /docs', () => {
  let test: TestApp;
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: unknown }> };
          parameters?: unknown[];
          security?: unknown;
        }
      >
    >;
  };

  beforeAll(async () => {
    test = await startTestApp();
    document = await openApiDocument(test.app);
  });
  afterAll(async () => {
    await test.close();
  });

  it('documents every route that is not hidden, with its method', () => {
    const routes = test.app.routeTable.filter((route) => !route.hidden && route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const path = openApiPath(route.url);
      const documented = document.paths[path] ?? document.paths[path.replace(/\/$/, '') + '/'];
      expect(documented, `${route.method} ${route.url}`).toBeDefined();
      expect(documented?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('derives the request schemas from the zod schemas that validate them', () => {
    const signup =
      document.paths['/api/v1/auth/signup']?.post?.requestBody?.content['application/json']?.schema;
    expect(signup).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' }, password: { type: 'string' }, orgName: { maxLength: 120 } },
      required: ['email', 'password', 'orgName'],
      additionalProperties: false,
    });
    const patch = document.paths['/api/v1/screens/{id}']?.patch?.requestBody?.content['application/json']
      ?.schema as {
      properties: { content: JsonSchemaOption; orientation: { enum: string[] } };
    };
    // Default content by reference ({layoutId} or {playlistId}) or as the screen's own items (one URL or a list).
    expect(shapesOf(patch.properties.content)).toEqual([
      'object:layoutId',
      'object:playlistId',
      'string',
      'array',
    ]);
    expect(patch.properties.orientation.enum).toEqual([
      'landscape',
      'portrait',
      'reverse_landscape',
      'reverse_portrait',
    ]);
    // An integration reads here that either credential works: a member's ID token or an API key.
    expect(document.paths['/api/v1/screens']?.get?.security).toEqual([{ operatorToken: [] }, { apiKey: [] }]);
  });

  it('serves the documentation page', async () => {
    let response = await test.app.inject({ url: '/docs' });
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 3; hops++) {
      response = await test.app.inject({
        url: new URL(String(response.headers.location), 'http://localhost/docs/').pathname,
      });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
  });
});

interface JsonSchemaOption {
  type?: string;
  anyOf?: JsonSchemaOption[];
  required?: string[];
}

/** The forms a documented union accepts, nested unions flattened: a type, and an object's required fields. */
function shapesOf(schema: JsonSchemaOption): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(shapesOf);
  return [schema.type === 'object' ? `object:${(schema.required ?? []).join(',')}` : String(schema.type)];
}
