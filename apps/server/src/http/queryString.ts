// Query strings parse with the limits of docs/security.md §Limits through the shared parser. The router calls the
// parser while it looks the route up, where an exception cannot become an answer, so a refused query string
// parses to an empty object that carries the reason, and an onRequest hook answers it with a 400.

import type { FastifyRequest } from 'fastify';
import { QueryLimitError, parseQueryString } from '@marquee/protocol';
import { badRequest } from './errors';

const REFUSED = Symbol('refused query string');

export function parseQuery(search: string): Record<string, unknown> {
  if (search === '') return {};
  try {
    return parseQueryString(search);
  } catch (error) {
    const refused = {};
    const reason = error instanceof QueryLimitError ? error.message : 'Query string rejected: malformed';
    Object.defineProperty(refused, REFUSED, { value: reason, enumerable: false });
    return refused;
  }
}

/** onRequest hook: 400 QUERY_REJECTED for a query string parseQuery refused. */
export async function rejectRefusedQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string | symbol, unknown> | undefined;
  const reason = query?.[REFUSED];
  if (typeof reason === 'string') throw badRequest('QUERY_REJECTED', reason, 'query');
}
