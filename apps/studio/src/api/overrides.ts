// Emergency overrides: the active ones with how many targeted screens show them, start one, clear one
// (docs/schedules.md).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { OVERRIDES_POLL_MS } from '../constants';
import { useApi } from './context';
import { keys } from './queries';
import { segment } from './queryString';
import type { OverrideRequest } from './types';

/** The active overrides; re-read every few seconds while `live`, for the count of screens showing each. */
export function useOverrides(live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: keys.overrides,
    queryFn: async () => (await api.get<RouteAnswer<'listOverrides'>>('/overrides')).overrides,
    refetchInterval: live ? OVERRIDES_POLL_MS : false,
  });
}

export function useCreateOverride() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OverrideRequest) =>
      api.send<RouteAnswer<'createOverride'>>('POST', '/overrides', body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.overrides }),
        client.invalidateQueries({ queryKey: keys.screens }),
      ]),
  });
}

export function useClearOverride() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'deleteOverride'>>('DELETE', `/overrides/${segment(id)}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.overrides }),
        client.invalidateQueries({ queryKey: keys.screens }),
      ]),
  });
}
