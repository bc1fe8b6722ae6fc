// The management API's routes take their method, path and schemas from the contract (@marquee/management-api), so
// what Fastify validates and documents is what clients are told; a route adds only its summary, tags, security
// and limits.

import type { ManagementRoute } from '@marquee/management-api';

/** The part of a contract route Fastify's route schema takes: params, querystring, body and answers. */
export function contractSchema<R extends ManagementRoute>(route: R): Omit<R, 'method' | 'path'> {
  const { method: _method, path: _path, ...schema } = route;
  return schema;
}
