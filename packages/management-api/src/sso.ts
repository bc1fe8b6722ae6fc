// Single sign-on (docs/teams.md §Single sign-on): an organisation's OpenID Connect provider. Members sign in
// through it with the authorization code flow and PKCE; a provider's account is mapped by its email to a member.

import { z } from 'zod';

export const SsoConfigRequestSchema = z.strictObject({
  issuer: z.string().url().max(2048),
  clientId: z.string().trim().min(1, 'must not be empty').max(512),
  /** Kept by the server (it must present it to the provider); never answered. */
  clientSecret: z.string().min(1, 'must not be empty').max(2048),
});
export type SsoConfigRequest = z.input<typeof SsoConfigRequestSchema>;

export const SsoConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The redirect URI to register with the provider. */
  redirectUri: z.string(),
  updatedAt: z.number(),
});
export type SsoConfigView = z.output<typeof SsoConfigSchema>;
export const SsoConfigAnswerSchema = z.object({ sso: SsoConfigSchema.nullable() });

/** Where a sign-in through the organisation's provider starts: the member's email names the organisation. */
export const SsoStartQuerySchema = z.strictObject({ email: z.string().max(254) });
export const SsoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  /** The provider's issuer (RFC 9207), checked against the organisation's. */
  iss: z.string().max(2048).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(4096).optional(),
});
