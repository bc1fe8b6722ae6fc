// The screens list, paged and filtered by the server (q, tag, groupId, status), so that it stays usable with
// thousands of screens (docs/management-api.md §Screens); bulk tagging; the screen pickers' search.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { SCREEN_PAGE_SIZE, SCREEN_PICKER_LIMIT } from '../constants';
import { useApi } from './context';
import { SCREENS_REFETCH_MS, keys } from './queries';
import { withQuery } from './queryString';
import type { BulkTagRequest } from './types';

export type StatusFilter = 'online' | 'offline';

export interface ScreenFilters {
  q: string;
  tag: string | null;
  groupId: string | null;
  status: StatusFilter | null;
}

export const NO_FILTERS: ScreenFilters = { q: '', tag: null, groupId: null, status: null };

/** One page of screens matching `filters`, from `cursor` (null: the first page). */
export function useScreenPage(filters: ScreenFilters, cursor: string | null) {
  const api = useApi();
  const query = { ...filters, q: filters.q.trim(), limit: SCREEN_PAGE_SIZE, cursor };
  return useQuery({
    queryKey: keys.screenList(query),
    queryFn: () => api.get<RouteAnswer<'listScreens'>>(withQuery('/screens', query)),
    // The page on show stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: SCREENS_REFETCH_MS,
  });
}

/** Screens whose name contains `q`, for a picker. */
export function useScreenSearch(q: string) {
  const api = useApi();
  const query = { q: q.trim(), limit: SCREEN_PICKER_LIMIT };
  return useQuery({
    queryKey: keys.screenList(query),
    queryFn: async () => (await api.get<RouteAnswer<'listScreens'>>(withQuery('/screens', query))).screens,
    placeholderData: keepPreviousData,
  });
}

/** Adds and removes tags on many screens at once. */
export function useTagScreens() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTagRequest) => api.send<RouteAnswer<'tagScreens'>>('POST', '/screens/tags', body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.screens }),
        client.invalidateQueries({ queryKey: keys.groups }),
      ]),
  });
}
