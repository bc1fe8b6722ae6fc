// API keys (docs/teams.md §API keys): long-lived credentials of integrations, not of a person. A key is shown once
// when made (`mq_…`), kept hashed, sent as `Authorization: Bearer <key>`, and has at most its maker's role.

import { z } from 'zod';
import { ROLES } from './access';

/** Every key starts with this, so it is told from an ID token (and found by secret scanners). */
export const API_KEY_PREFIX = 'mq_';
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Live (not revoked) keys an organisation may hold; a revoked key no longer counts. */
export const MAX_API_KEYS_PER_ORG = 100;

export const ApiKeyRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(API_KEY_NAME_MAX_LENGTH),
  /** A key is never an owner: deleting the organisation or handing it over is a person's act. */
  role: z.enum(ROLES).exclude(['owner']),
});
export type ApiKeyRequest = z.input<typeof ApiKeyRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The key's first characters, to tell keys apart; never enough to use it. */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type ApiKeyView = z.output<typeof ApiKeySchema>;
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;
export const ApiKeyListSchema = z.object({ apiKeys: z.array(ApiKeySchema) });
export const ApiKeyIdParams = z.object({ id: z.string().min(1).max(128) });
