// Schedules: list, create, change, delete, and the equal-priority overlap check (docs/schedules.md).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer } from '@marquee/management-api';
import { useApi } from './context';
import { keys } from './queries';
import { segment } from './queryString';
import type { SchedulePatch, ScheduleRequest } from './types';

export function useSchedules() {
  const api = useApi();
  return useQuery({
    queryKey: keys.schedules,
    queryFn: async () => (await api.get<RouteAnswer<'listSchedules'>>('/schedules')).schedules,
  });
}

export function useSaveSchedule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ScheduleRequest | SchedulePatch }) =>
      id === null
        ? api.send<RouteAnswer<'createSchedule'>>('POST', '/schedules', body)
        : api.send<RouteAnswer<'updateSchedule'>>('PATCH', `/schedules/${segment(id)}`, body),
    // Timelines change with schedules: the screens' pages read theirs again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.schedules }),
        client.invalidateQueries({ queryKey: keys.screens }),
        client.invalidateQueries({ queryKey: keys.playlists }),
      ]),
  });
}

export function useDeleteSchedule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'deleteSchedule'>>('DELETE', `/schedules/${segment(id)}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: keys.schedules }),
        client.invalidateQueries({ queryKey: keys.screens }),
        client.invalidateQueries({ queryKey: keys.playlists }),
      ]),
  });
}

/** Where the schedule would share screens with others of its priority (nothing is stored). */
export function useCheckOverlaps() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ScheduleRequest) =>
      api.send<RouteAnswer<'validateSchedule'>>('POST', '/schedules/validate', body),
  });
}
