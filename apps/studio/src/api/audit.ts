// The audit log over the management API (docs/teams.md §Audit log): pages newest first, each carrying the cursor
// of the next.

import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditQuery, RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { withQuery } from './queryString';

/** The filters of the log (the contract's query, whose numbers are typed loosely since a query string coerces). */
export interface AuditFilter extends Pick<AuditQuery, 'actor' | 'target'> {
  from?: number;
  to?: number;
}

/** The path of a page of the log: the filter's values, the page's cursor, empty ones left out. */
export function auditPath(filter: AuditFilter, cursor: string | null, limit: number): string {
  return withQuery('/audit', {
    from: filter.from,
    to: filter.to,
    actor: filter.actor,
    target: filter.target,
    cursor,
    limit,
  });
}

export function useAuditLog(filter: AuditFilter, limit: number) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['audit', filter, limit] as const,
    queryFn: ({ pageParam }) => api.get<RouteAnswer<'listAudit'>>(auditPath(filter, pageParam, limit)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
