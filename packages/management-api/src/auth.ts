// Operators' sessions: sign-up (a new organisation and its first operator), sign-in, and who is signed in.

import { z } from 'zod';
import { ROLES } from './access';

export const ORG_NAME_MAX_LENGTH = 120;
/** The longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest password accepted at all (hashing cost), whatever the password policy says. */
export const PASSWORD_MAX_LENGTH = 4096;

const email = z.string().max(EMAIL_MAX_LENGTH);
const password = z.string().max(PASSWORD_MAX_LENGTH);

export const SignUpSchema = z.strictObject({
  email,
  password,
  orgName: z.string().trim().min(1, 'must not be empty').max(ORG_NAME_MAX_LENGTH),
});
export type SignUpRequest = z.input<typeof SignUpSchema>;

export const SignInSchema = z.strictObject({ email, password });
export type SignInRequest = z.input<typeof SignInSchema>;

const UserSchema = z.object({ id: z.string(), email: z.string().nullable() });
const OrgSchema = z.object({ id: z.string(), name: z.string() });

export const SessionSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Seconds the ID token is valid for. */
  expiresIn: z.number(),
  user: UserSchema,
  org: OrgSchema.nullable(),
});
export type SessionAnswer = z.output<typeof SessionSchema>;

/** The caller: a member (user is the person) or an API key (user names the key), with the role it acts with. */
export const MeSchema = z.object({
  user: UserSchema,
  org: OrgSchema,
  role: z.enum(ROLES),
  actor: z.enum(['member', 'apiKey']),
});
export type Me = z.output<typeof MeSchema>;
