// A screen's uptime over the last 24 hours (GET /screens/{id}/uptime), laid out for the uptime bar in the
// screen's own zone.

import { useQuery } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from '../api/context';
import { UPTIME_BAR_HOURS, UPTIME_REFETCH_MS } from '../constants';
import { barSegments, hourMarks } from './uptimeBar';

export function useUptime(screenId: string, timezone: string) {
  const api = useApi();
  const query = useQuery({
    queryKey: ['screens', screenId, 'uptime', UPTIME_BAR_HOURS],
    queryFn: () =>
      api.get<RouteAnswer<'screenUptime'>>(
        `/screens/${encodeURIComponent(screenId)}/uptime?hours=${UPTIME_BAR_HOURS}`,
      ),
    refetchInterval: UPTIME_REFETCH_MS,
  });
  const data = query.data;
  return {
    query,
    segments: data === undefined ? [] : barSegments(data),
    marks: data === undefined ? [] : hourMarks(data.from, data.to, timezone),
    uptimePercent: data?.uptimePercent ?? null,
  };
}
