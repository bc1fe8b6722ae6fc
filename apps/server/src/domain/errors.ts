// What a service refuses, in the domain's terms: each error has a kind (what went wrong), a stable code clients
// act on, a message for people, the field to blame when one is, and details (extra members of the answer). Services
// throw these and never know HTTP; http/errorHandler.ts maps each kind to its status.

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'too_many_attempts';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** The offending field, dot-separated (e.g. 'content.2.src'). */
    readonly field?: string,
    /** Extra members of the error answer, e.g. {hardware_id}. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input: a value the domain does not accept. */
export const invalid = (code: string, message: string, field?: string, details?: Record<string, unknown>) =>
  new DomainError('invalid', code, message, field, details);

/** Missing, wrong, expired or replaced credentials. */
export const unauthenticated = (code: string, message: string) =>
  new DomainError('unauthenticated', code, message);

export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);

/** Absent, or not the caller's to see (another organisation's is answered the same). */
export const notFound = (code: string, message: string, field?: string, details?: Record<string, unknown>) =>
  new DomainError('not_found', code, message, field, details);

/** The current state forbids it (a duplicate, a file in use, a screen without a player). */
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', code, message, undefined, details);

export const tooLarge = (code: string, message: string, field?: string) =>
  new DomainError('too_large', code, message, field);

/** A kind of content the domain does not handle (an upload that is no accepted media type). */
export const unsupported = (code: string, message: string, field?: string) =>
  new DomainError('unsupported', code, message, field);

/** Refused until `retryAfterSeconds` have passed (a limit on attempts); the answer says how long. */
export const tooManyAttempts = (code: string, message: string, retryAfterSeconds: number) =>
  new DomainError('too_many_attempts', code, message, undefined, { retryAfterSeconds });
