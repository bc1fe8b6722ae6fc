// API keys over the management API (docs/teams.md §API keys): the list, making one (its answer carries the key,
// once), revoking.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from './context';
import { segment } from './queryString';

export const apiKeyKeys = { all: ['apiKeys'] as const };

export function useApiKeys() {
  const api = useApi();
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await api.get<RouteAnswer<'listApiKeys'>>('/api-keys')).apiKeys,
  });
}

export function useCreateApiKey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'createApiKey'>) =>
      api.send<RouteAnswer<'createApiKey'>>('POST', '/api-keys', body),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'revokeApiKey'>>('DELETE', `/api-keys/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
