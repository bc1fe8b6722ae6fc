// Screen groups: the screens they list plus every screen having all their matchTags (docs/schedules.md).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { keys } from './queries';
import { segment } from './queryString';
import type { GroupPatch, GroupRequest } from './types';

export function useGroups() {
  const api = useApi();
  return useQuery({
    queryKey: keys.groups,
    queryFn: async () => (await api.get<RouteAnswer<'listGroups'>>('/groups')).groups,
  });
}

/** One group with its members. */
export function useGroup(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: keys.group(id ?? ''),
    queryFn: () => api.get<RouteAnswer<'getGroup'>>(`/groups/${segment(id ?? '')}`),
    enabled: id !== null,
  });
}

export function useSaveGroup() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: GroupRequest | GroupPatch }) =>
      id === null
        ? api.send<RouteAnswer<'createGroup'>>('POST', '/groups', body)
        : api.send<RouteAnswer<'updateGroup'>>('PATCH', `/groups/${segment(id)}`, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.groups }),
        client.invalidateQueries({ queryKey: keys.screens }),
      ]),
  });
}

export function useDeleteGroup() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'deleteGroup'>>('DELETE', `/groups/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.groups }),
  });
}
