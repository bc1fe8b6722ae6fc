// TanStack Query hooks over the management API: what the pages read and change.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, PasswordPolicySchema, type PasswordPolicy } from '@marquee/protocol';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from './context';
import type { ScreenPatch } from './types';

/** The screens list is refetched this often besides the realtime updates, for heartbeats and uptime. */
export const SCREENS_REFETCH_MS = 15_000;
/** Commands are refetched this often while one is pending, to show its acknowledgement. */
export const PENDING_COMMANDS_REFETCH_MS = 1500;

export const keys = {
  screens: ['screens'] as const,
  screen: (id: string) => ['screens', id] as const,
  commands: (id: string) => ['screens', id, 'commands'] as const,
  device: (id: string) => ['screens', id, 'device'] as const,
  logs: (id: string) => ['screens', id, 'logs'] as const,
  screenshot: (id: string) => ['screens', id, 'screenshot'] as const,
  /** A page of the screens list, or a picker's search: an object after 'screens', so never a screen's id. */
  screenList: (query: Readonly<Record<string, unknown>>) => ['screens', query] as const,
  timeline: (id: string, from: string, to: string) => ['screens', id, 'timeline', from, to] as const,
  media: ['media'] as const,
  policy: ['passwordPolicy'] as const,
  playlists: ['playlists'] as const,
  playlist: (id: string) => ['playlists', id] as const,
  groups: ['groups'] as const,
  group: (id: string) => ['groups', id] as const,
  schedules: ['schedules'] as const,
  overrides: ['overrides'] as const,
};

export function useScreen(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.screen(id),
    queryFn: () => api.get<RouteAnswer<'getScreen'>>(`/screens/${encodeURIComponent(id)}`),
    refetchInterval: SCREENS_REFETCH_MS,
  });
}

export function usePairScreen() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteBody<'pairScreen'>) =>
      api.send<RouteAnswer<'pairScreen'>>('POST', '/screens/pair', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.screens }),
  });
}

export function useUpdateScreen(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ScreenPatch) =>
      api.send<RouteAnswer<'updateScreen'>>('PATCH', `/screens/${encodeURIComponent(id)}`, patch),
    onSuccess: (screen) => {
      client.setQueryData(keys.screen(id), screen);
      return client.invalidateQueries({ queryKey: keys.screens, exact: true });
    },
  });
}

export function useDeleteScreen() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'unpairScreen'>>('DELETE', `/screens/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.screens }),
  });
}

export function useCommands(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.commands(id),
    queryFn: async () =>
      (await api.get<RouteAnswer<'listCommands'>>(`/screens/${encodeURIComponent(id)}/commands`)).commands,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((command) => command.state === 'pending')
        ? PENDING_COMMANDS_REFETCH_MS
        : SCREENS_REFETCH_MS,
  });
}

export function useSendCommand(id: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteBody<'raiseCommand'>) =>
      api.send<RouteAnswer<'raiseCommand'>>('POST', `/screens/${encodeURIComponent(id)}/commands`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.commands(id) }),
  });
}

/** Blocks or unblocks a screen's device: a blocked device's registration and player calls are refused (403). */
export function useBlockDevice(playerId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      api.send<RouteAnswer<'blockPlayer'>>(
        'POST',
        `/players/${encodeURIComponent(playerId)}/${blocked ? 'block' : 'unblock'}`,
      ),
    // The screen views say whether the device is blocked: the mutation ends once they say it anew.
    onSuccess: () =>
      client.invalidateQueries({ queryKey: keys.screens, predicate: (query) => query.queryKey.length <= 2 }),
  });
}

export function useDevice(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.device(id),
    queryFn: () => api.get<RouteAnswer<'device'>>(`/screens/${encodeURIComponent(id)}/device`),
    retry: false,
  });
}

export function useLogs(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: keys.logs(id),
    queryFn: async () =>
      (await api.get<RouteAnswer<'logs'>>(`/screens/${encodeURIComponent(id)}/logs?limit=20`)).lines,
    refetchInterval: SCREENS_REFETCH_MS,
  });
}

/** The latest screenshot as an object URL (null when none has arrived); revoked when replaced. */
export function useScreenshot(id: string, refetchMs: number | false) {
  const api = useApi();
  return useQuery({
    queryKey: keys.screenshot(id),
    queryFn: async () => {
      const blob = await api.blob(`/screens/${encodeURIComponent(id)}/screenshot`);
      return blob === null ? null : URL.createObjectURL(blob);
    },
    refetchInterval: refetchMs,
  });
}

export function useMediaList() {
  const api = useApi();
  return useQuery({
    queryKey: keys.media,
    queryFn: async () => (await api.get<RouteAnswer<'listMedia'>>('/media')).media,
  });
}

export function useDeleteMedia() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'deleteMedia'>>('DELETE', `/media/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.media }),
  });
}

/** The identity password policy, for the sign-up form; the default one until it arrives or if it cannot. */
export function usePasswordPolicy(): PasswordPolicy {
  const api = useApi();
  const { data } = useQuery({
    queryKey: keys.policy,
    queryFn: async () => {
      const answer = (await api.passwordPolicy()) as { policy?: unknown };
      const parsed = PasswordPolicySchema.safeParse(answer.policy);
      return parsed.success ? parsed.data : { ...DEFAULT_PASSWORD_POLICY };
    },
    staleTime: Infinity,
  });
  return data ?? DEFAULT_PASSWORD_POLICY;
}
