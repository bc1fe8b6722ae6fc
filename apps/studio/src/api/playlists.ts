// Playlists: list, read, create, change and delete (docs/schedules.md).

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { keys } from './queries';
import { segment } from './queryString';
import type { PlaylistPatch, PlaylistRequest } from './types';

/** Schedules, overrides and screens name playlists: what shows their names is read again. */
const refreshUsers = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: keys.playlists }),
    client.invalidateQueries({ queryKey: keys.schedules }),
    client.invalidateQueries({ queryKey: keys.overrides }),
  ]);

export function usePlaylists() {
  const api = useApi();
  return useQuery({
    queryKey: keys.playlists,
    queryFn: async () => (await api.get<RouteAnswer<'listPlaylists'>>('/playlists')).playlists,
  });
}

export function usePlaylist(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.playlist(id),
    queryFn: () => api.get<RouteAnswer<'getPlaylist'>>(`/playlists/${segment(id)}`),
  });
}

export function useCreatePlaylist() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaylistRequest) =>
      api.send<RouteAnswer<'createPlaylist'>>('POST', '/playlists', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.playlists }),
  });
}

export function useUpdatePlaylist(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PlaylistPatch) =>
      api.send<RouteAnswer<'updatePlaylist'>>('PATCH', `/playlists/${segment(id)}`, patch),
    onSuccess: (playlist) => {
      client.setQueryData(keys.playlist(id), playlist);
      return refreshUsers(client);
    },
  });
}

export function useDeletePlaylist() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'deletePlaylist'>>('DELETE', `/playlists/${segment(id)}`),
    onSuccess: () => refreshUsers(client),
  });
}
