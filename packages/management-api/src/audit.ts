// The audit log (docs/teams.md §Audit log): every change made through /api/v1, who made it (a member or an API
// key), what it changed (before and after for settings and content), when and from where. Append-only.

import { z } from 'zod';

export const AuditActorSchema = z.object({
  kind: z.enum(['member', 'apiKey']),
  id: z.string(),
  /** The member's email or the key's name, as it was then. */
  name: z.string(),
});
export type AuditActor = z.output<typeof AuditActorSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  actor: AuditActorSchema,
  /** What was done, `<target type>.<verb>`: e.g. `playlist.update`, `member.remove`, `apiKey.create`. */
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;
export const AuditQuerySchema = z.strictObject({
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  /** A member's or a key's id. */
  actor: z.string().max(128).optional(),
  /** A target's id (a screen, a playlist, a member…). */
  target: z.string().max(128).optional(),
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.output<typeof AuditPageSchema>;
