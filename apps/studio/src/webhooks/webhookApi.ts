// Webhooks over the management API (docs/webhooks.md): the list, creating one (its answer carries the secret, once),
// deleting, sending a test event, and a webhook's deliveries.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from '../api/context';
import { segment } from '../api/queryString';
import { DELIVERIES_REFETCH_MS } from '../constants';

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhooks() {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: async () => (await api.get<RouteAnswer<'listWebhooks'>>('/webhooks')).webhooks,
  });
}

export function useCreateWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'createWebhook'>) =>
      api.send<RouteAnswer<'createWebhook'>>('POST', '/webhooks', body),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}

export function useDeleteWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'deleteWebhook'>>('DELETE', `/webhooks/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all, exact: true }),
  });
}

export function useTestWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'testWebhook'>>('POST', `/webhooks/${segment(id)}/test`),
    onSuccess: (_answer, id) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/** The newest deliveries of a webhook, re-read while shown. */
export function useDeliveries(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: () =>
      api.get<RouteAnswer<'listWebhookDeliveries'>>(`/webhooks/${segment(id ?? '')}/deliveries?limit=50`),
    enabled: id !== null,
    refetchInterval: DELIVERIES_REFETCH_MS,
  });
}
