// The organisation's single sign-on provider over the management API (docs/teams.md §Single sign-on): read (never
// with its secret), set (the server checks the provider by discovery first), removed.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from '../api/context';

export const ssoKeys = { settings: ['sso'] as const };

export function useSsoSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ssoKeys.settings,
    queryFn: async () => (await api.get<RouteAnswer<'getSso'>>('/sso')).sso,
  });
}

export function useSaveSso() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'putSso'>) => api.send<RouteAnswer<'putSso'>>('PUT', '/sso', body),
    onSuccess: (answer) => client.setQueryData(ssoKeys.settings, answer.sso),
  });
}

export function useRemoveSso() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.send<RouteAnswer<'deleteSso'>>('DELETE', '/sso'),
    onSuccess: () => client.setQueryData(ssoKeys.settings, null),
  });
}
