// Passwords over the management API (docs/teams.md): accepting an invitation and completing a reset (public, with
// the link's token), changing one's own password; each answers a fresh session, kept as a sign-in's is. Asking for
// a reset link answers the same whatever the address.

import { useMutation } from '@tanstack/react-query';
import type { RouteAnswer, RouteBody } from '@marquee/management-api';
import { useApi } from './context';

export function useAcceptInvitation() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RouteBody<'acceptInvitation'>) =>
      api.adoptSession(
        await api.send<RouteAnswer<'acceptInvitation'>>('POST', '/auth/accept-invitation', body),
      ),
  });
}

export function useCompletePasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RouteBody<'completePasswordReset'>) =>
      api.adoptSession(
        await api.send<RouteAnswer<'completePasswordReset'>>('POST', '/auth/password-reset/complete', body),
      ),
  });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: RouteBody<'requestPasswordReset'>) =>
      api.send<RouteAnswer<'requestPasswordReset'>>('POST', '/auth/password-reset', body),
  });
}

export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: RouteBody<'changePassword'>) =>
      api.adoptSession(await api.send<RouteAnswer<'changePassword'>>('POST', '/me/password', body)),
  });
}
