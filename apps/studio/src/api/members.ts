// The team over the management API (docs/teams.md): members and their roles, invitations (whose answer carries the
// link, once), and an admin-made password reset link.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from './context';
import { segment } from './queryString';

export const memberKeys = {
  members: ['members'] as const,
  invitations: ['invitations'] as const,
};

export function useMembers() {
  const api = useApi();
  return useQuery({
    queryKey: memberKeys.members,
    queryFn: async () => (await api.get<RouteAnswer<'listMembers'>>('/members')).members,
  });
}

export function useUpdateMember() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: RouteBody<'updateMember'> & { id: string }) =>
      api.send<RouteAnswer<'updateMember'>>('PATCH', `/members/${segment(id)}`, patch),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.members }),
  });
}

export function useRemoveMember() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send<RouteAnswer<'removeMember'>>('DELETE', `/members/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.members }),
  });
}

export function useInvitations() {
  const api = useApi();
  return useQuery({
    queryKey: memberKeys.invitations,
    queryFn: async () => (await api.get<RouteAnswer<'listInvitations'>>('/invitations')).invitations,
  });
}

export function useInvite() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'createInvitation'>) =>
      api.send<RouteAnswer<'createInvitation'>>('POST', '/invitations', body),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.send<RouteAnswer<'revokeInvitation'>>('DELETE', `/invitations/${segment(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: memberKeys.invitations }),
  });
}
