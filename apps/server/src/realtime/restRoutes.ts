// The realtime database's REST read fallback (docs/protocols/realtime.md §REST fallback): GET /db/{path}.json?auth=<ID
// token> answers the value at path as JSON (arrays restored, as the socket sends them), `null` when nothing is there.
// Errors answer in the hosted database's REST shape, {error: '…'}: 401 'Permission denied' for a missing or refused
// token and for a read the rules deny (the client turns a 401 into permission_denied), 400 for a bad path.
// `format=export` keeps the server's own shape, which is the same JSON here (there are no priorities); `ns` and the
// app-check parameters are ignored.

import type { FastifyPluginAsync } from 'fastify';
import { RealtimeValidationError, restoreArrays } from '@marquee/protocol';
import { principalOf } from './connection';
import { locateInDocument } from './documentPath';
import type { RealtimeRules } from './rules';

export const REST_SUFFIX = '.json';
/** Reads per minute per client address: a player uses this only while its socket is down. */
export const REST_READS_PER_MINUTE = 600;
const PERMISSION_DENIED = 'Permission denied';

export interface RestRoutesOptions {
  rules: RealtimeRules;
}

export const restRoutes: FastifyPluginAsync<RestRoutesOptions> = async (app, { rules }) => {
  const { identity, documents } = app.services;

  app.get(
    '/db/*',
    {
      config: { rateLimit: { max: REST_READS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        summary: 'Read a value of the realtime database (REST fallback): /db/{path}.json?auth=<ID token>',
        tags: ['realtime'],
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const json = (status: number, body: unknown) =>
        reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));

      const wildcard = (request.params as { '*'?: string })['*'] ?? '';
      if (!wildcard.endsWith(REST_SUFFIX)) {
        return json(400, {
          error: `Invalid path: add "${REST_SUFFIX}" to the path, as in /db/players/{id}.json`,
        });
      }
      let location;
      try {
        location = locateInDocument(wildcard.slice(0, -REST_SUFFIX.length));
      } catch (error) {
        if (error instanceof RealtimeValidationError) return json(400, { error: error.message });
        throw error;
      }
      const token = (request.query as { auth?: unknown }).auth;
      if (typeof token !== 'string' || token === '') return json(401, { error: PERMISSION_DENIED });
      let identityOf;
      try {
        identityOf = await identity.verifyIdToken(token);
      } catch (error) {
        request.log.info({ err: error }, 'realtime REST read with a refused token');
        return json(401, { error: PERMISSION_DENIED });
      }
      // Not from the cache: this node may not have heard of a pairing change of the player.
      if (!(await rules.mayRead(principalOf(identityOf), location.segments, { fresh: true }))) {
        return json(401, { error: PERMISSION_DENIED });
      }
      const snapshot = await documents.get(location.path);
      return json(200, restoreArrays(snapshot.value));
    },
  );
};
