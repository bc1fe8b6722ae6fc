// The names of screens known only by id (a group's listed screens, a schedule's targets), read one by one; a
// screen that cannot be read shows its id.

import { useQueries } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from '../api/context';
import { keys } from '../api/queries';
import { segment } from '../api/queryString';

export function useScreenNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const api = useApi();
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: keys.screen(id),
      queryFn: () => api.get<RouteAnswer<'getScreen'>>(`/screens/${segment(id)}`),
      staleTime: 60_000,
    })),
  });
  const names = new Map<string, string>();
  results.forEach((result, index) => {
    const id = ids[index];
    if (id !== undefined && result.data !== undefined) names.set(id, result.data.name);
  });
  return names;
}
