// A screen's timeline: what it shows between two instants and why (GET /screens/{id}/timeline,
// docs/schedules.md).

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { SCREENS_REFETCH_MS, keys } from './queries';
import { segment, withQuery } from './queryString';

/** The screen's segments over [from, to), instants as ISO 8601. */
export function useScreenTimeline(id: string, from: string, to: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.timeline(id, from, to),
    queryFn: () =>
      api.get<RouteAnswer<'screenTimeline'>>(withQuery(`/screens/${segment(id)}/timeline`, { from, to })),
    placeholderData: keepPreviousData,
    refetchInterval: SCREENS_REFETCH_MS,
  });
}
