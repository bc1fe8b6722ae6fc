// Alert rules (docs/screen-health.md §Alert rules) and the webhooks a rule can notify. The webhooks route may not
// exist on an older server: a 404 reads as "no webhooks to choose from", not as an error.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from '../api/context';
import { segment } from '../api/queryString';

export const alertKeys = {
  rules: ['alertRules'] as const,
};

export function useAlertRules() {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.rules,
    queryFn: async () => (await api.get<RouteAnswer<'listAlertRules'>>('/alert-rules')).alertRules,
  });
}

export function useSaveAlertRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string | null;
      body: RouteBody<'createAlertRule'> | RouteBody<'updateAlertRule'>;
    }) =>
      id === null
        ? api.send<RouteAnswer<'createAlertRule'>>('POST', '/alert-rules', body)
        : api.send<RouteAnswer<'updateAlertRule'>>('PATCH', `/alert-rules/${segment(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.rules }),
  });
}

export function useDeleteAlertRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'deleteAlertRule'>>('DELETE', `/alert-rules/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.rules }),
  });
}
