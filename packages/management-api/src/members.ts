// Teams (docs/teams.md): an organisation's members and their roles, invitations to join it, password changes and
// resets, and handing ownership over. Who may call which route is declared in routeAccess.ts.

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth';
import { ROLES } from './access';

/** How long an invitation link is valid. */
export const INVITATION_VALID_DAYS = 7;
/** How long a password reset link is valid. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

export const RoleSchema = z.enum(ROLES);

const email = z.string().trim().min(1, 'must not be empty').max(EMAIL_MAX_LENGTH);
const password = z.string().max(PASSWORD_MAX_LENGTH);

export const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  createdAt: z.number(),
  lastSignInAt: z.number().nullable(),
});
export type MemberView = z.output<typeof MemberSchema>;
export const MemberListSchema = z.object({ members: z.array(MemberSchema) });

export const MemberIdParams = z.object({ id: z.string().min(1).max(128) });
export const MemberPatchSchema = z.strictObject({ role: RoleSchema });
export type MemberPatch = z.input<typeof MemberPatchSchema>;

export const InvitationRequestSchema = z.strictObject({ email, role: RoleSchema });
export type InvitationRequest = z.input<typeof InvitationRequestSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type InvitationView = z.output<typeof InvitationSchema>;
/** The answer to an invitation: the link (and its token) shown this once; emailed too when SMTP is configured. */
export const CreatedInvitationSchema = InvitationSchema.extend({
  token: z.string(),
  url: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.output<typeof CreatedInvitationSchema>;
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export const InvitationIdParams = z.object({ id: z.string().min(1).max(128) });

export const AcceptInvitationSchema = z.strictObject({ token: z.string().min(1).max(512), password });
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationSchema>;

export const PasswordChangeSchema = z.strictObject({ currentPassword: password, newPassword: password });
export type PasswordChangeRequest = z.input<typeof PasswordChangeSchema>;

export const PasswordResetRequestSchema = z.strictObject({ email });
/** Answered whether or not the address is a member's, so the answer never confirms an account. */
export const PasswordResetRequestedSchema = z.object({ emailed: z.boolean() });
/** A reset link an admin makes for a member when no SMTP server is configured. */
export const PasswordResetLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.number(),
});
export const PasswordResetCompleteSchema = z.strictObject({ token: z.string().min(1).max(512), password });

export const TransferOwnershipSchema = z.strictObject({ memberId: z.string().min(1).max(128) });
export const DeleteOrgSchema = z.strictObject({
  /** The organisation's name, typed again: deleting it cannot be undone. */
  confirmName: z.string().max(200),
});
