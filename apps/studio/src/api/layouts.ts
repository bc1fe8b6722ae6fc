// Layouts: list, read, create, change and delete (docs/layouts.md), and the editor's preview of a feed app's feed.

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LayoutPatch, LayoutRequest, RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { keys } from './queries';
import { segment, withQuery } from './queryString';

/** A layout as the API answers it (an app's options as a plain record). */
export type Layout = RouteAnswer<'getLayout'>;

export const layoutKeys = {
  layouts: ['layouts'] as const,
  layout: (id: string) => ['layouts', id] as const,
  feedPreview: (url: string) => ['feedPreview', url] as const,
};

/** How long a feed's preview is reused: the server keeps its answer by address as long. */
export const FEED_PREVIEW_STALE_MS = 60_000;

/** Schedules, overrides and screens name layouts, and a layout's zones make playlists used: those are read again. */
const refreshUsers = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: layoutKeys.layouts }),
    client.invalidateQueries({ queryKey: keys.playlists }),
    client.invalidateQueries({ queryKey: keys.schedules }),
    client.invalidateQueries({ queryKey: keys.overrides }),
  ]);

export function useLayouts() {
  const api = useApi();
  return useQuery({
    queryKey: layoutKeys.layouts,
    queryFn: async () => (await api.get<RouteAnswer<'listLayouts'>>('/layouts')).layouts,
  });
}

export function useLayout(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: layoutKeys.layout(id),
    queryFn: () => api.get<RouteAnswer<'getLayout'>>(`/layouts/${segment(id)}`),
  });
}

export function useCreateLayout() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LayoutRequest) => api.send<RouteAnswer<'createLayout'>>('POST', '/layouts', body),
    onSuccess: () => refreshUsers(client),
  });
}

export function useUpdateLayout(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: LayoutPatch) =>
      api.send<RouteAnswer<'updateLayout'>>('PATCH', `/layouts/${segment(id)}`, patch),
    onSuccess: (layout) => {
      client.setQueryData(layoutKeys.layout(id), layout);
      return refreshUsers(client);
    },
  });
}

export function useDeleteLayout() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'deleteLayout'>>('DELETE', `/layouts/${segment(id)}`),
    onSuccess: () => refreshUsers(client),
  });
}

/**
 * The feed at `url` fetched and cleaned by the server as screens will get it, before the layout is saved (GET
 * /feeds/preview). A feed that cannot be read is an ApiError saying why; it is not asked again by itself.
 */
export function useFeedPreview(url: string) {
  const api = useApi();
  return useQuery({
    queryKey: layoutKeys.feedPreview(url),
    queryFn: () => api.get<RouteAnswer<'previewFeed'>>(withQuery('/feeds/preview', { url })),
    staleTime: FEED_PREVIEW_STALE_MS,
    retry: false,
  });
}
