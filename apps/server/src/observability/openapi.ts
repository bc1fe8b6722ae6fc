// OpenAPI at /docs (UI) and /docs/json, generated from the same zod schemas that validate the requests
// (fastify-type-provider-zod's jsonSchemaTransform). Registered before every other plugin so that every route
// registered afterwards appears; routes marked schema.hide (static files) are left out.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION, PRODUCT_NAME } from '@marquee/protocol';

const DOCS_PREFIX = '/docs';

/** The security schemes named by route schemas (http/openApiSecurity.ts). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} cloud service`,
        version: APP_VERSION,
        description:
          'Player API (/_internal/players), identity (/identity/v1), management API for the studio and ' +
          'integrators (/api/v1), log and error ingest (/logs, /errors), media and operations.',
      },
      servers: [{ url: app.services.config.publicUrl }],
      components: {
        securitySchemes: {
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An operator ID token from POST /api/v1/auth/signin or /auth/signup',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'mq_…',
            description:
              "An organisation's API key (mq_…) from POST /api/v1/api-keys; acts with the key's role",
          },
          playerToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: "The player's API token (bare, or 'Bearer <token>')",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
