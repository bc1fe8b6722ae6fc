// Query-string parsing with the limits of docs/player.md §Validation and docs/security.md §Limits. Input over a
// limit is rejected, never silently truncated: a truncated query could drop the very parameter the caller was
// looking for.
//
// The documented "array limit 20" is qs's classic meaning: an array index may be at most 20 ('a[20]' ok, 'a[21]'
// rejected), so an array holds at most 21 elements. qs 6.17 counts elements instead of indices, hence the + 1.
// parameterLimit counts '&'-separated parameters; depth counts bracket levels below the first key, so
// 'a[b][c][d][e][f]' is depth 5.

import qs from 'qs';
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH_LIMIT, QUERY_PARAMETER_LIMIT } from './constants';

export type QueryLimit = 'parameters' | 'array' | 'depth';
export type ParsedQuery = qs.ParsedQs;

export class QueryLimitError extends Error {
  readonly limit: QueryLimit;

  constructor(limit: QueryLimit, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'QueryLimitError';
    this.limit = limit;
  }
}

export const QUERY_LIMIT_MESSAGES: Readonly<Record<QueryLimit, string>> = Object.freeze({
  parameters: `Query string rejected: more than ${QUERY_PARAMETER_LIMIT} parameters`,
  array: `Query string rejected: an array index above ${QUERY_ARRAY_LIMIT} (or more than ${QUERY_ARRAY_LIMIT + 1} elements)`,
  depth: `Query string rejected: nested deeper than ${QUERY_DEPTH_LIMIT} levels`,
});

// No custom decoder: this picks the qs.parse overload that returns ParsedQs (strings, arrays, objects).
const OPTIONS: qs.IParseOptions & { decoder?: never } = {
  parameterLimit: QUERY_PARAMETER_LIMIT,
  arrayLimit: QUERY_ARRAY_LIMIT + 1,
  depth: QUERY_DEPTH_LIMIT,
  strictDepth: true,
  throwOnLimitExceeded: true,
  allowPrototypes: false,
  ignoreQueryPrefix: true,
};

// qs reports each limit with its own message; these match them (qs 6.17).
function limitOf(error: unknown): QueryLimit | null {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('Parameter limit exceeded')) return 'parameters';
  if (message.startsWith('Array limit exceeded')) return 'array';
  if (message.startsWith('Input depth exceeded')) return 'depth';
  return null;
}

/**
 * Parses a query string (with or without its leading '?'). Throws a QueryLimitError naming the limit when the
 * input has more than QUERY_PARAMETER_LIMIT parameters, an array over QUERY_ARRAY_LIMIT elements, or nesting
 * deeper than QUERY_DEPTH_LIMIT. Keys that would shadow Object.prototype members ('__proto__', 'constructor', …)
 * are dropped.
 */
export function parseQueryString(search: string): ParsedQuery {
  try {
    return qs.parse(search, OPTIONS);
  } catch (error) {
    const limit = limitOf(error);
    if (limit === null) throw error;
    throw new QueryLimitError(limit, QUERY_LIMIT_MESSAGES[limit], error);
  }
}
