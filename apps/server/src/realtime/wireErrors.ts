// Error answers of the realtime hub: every refused request gets one code of the protocol and a message a person can
// act on. Validation errors of the shared validators keep their own code and message, so the client and the server
// word a rejection alike.

import {
  RealtimeValidationError,
  type ErrorAnswer,
  type RealtimeErrorCode,
  type ValueAnswer,
} from '@marquee/protocol';
import { IdentityError } from '../identity/identityErrors';

/** A request refused with a protocol code; `data` rides along on datastale. */
export class RealtimeRequestError extends Error {
  constructor(
    readonly code: RealtimeErrorCode,
    message: string,
    readonly data?: ValueAnswer,
  ) {
    super(message);
    this.name = 'RealtimeRequestError';
  }
}

const IDENTITY_MESSAGES: Partial<Record<IdentityError['code'], string>> = {
  INVALID_ID_TOKEN: 'The ID token is invalid; sign in again',
  TOKEN_EXPIRED: 'The ID token has expired or was revoked; sign in again',
  USER_DISABLED: 'The account is disabled',
  USER_NOT_FOUND: 'The account does not exist',
};

export function unauthenticated(message: string): RealtimeRequestError {
  return new RealtimeRequestError('unauthenticated', message);
}

export function permissionDenied(operation: 'read' | 'write', path: string): RealtimeRequestError {
  return new RealtimeRequestError('permission_denied', `Permission denied: cannot ${operation} "${path}"`);
}

/**
 * The answer for `error`, or null when it is not a refusal but a failure of the server (a database error), which
 * the caller logs and answers with the internal code.
 */
export function refusalOf(error: unknown): Omit<ErrorAnswer, 'r' | 'ok'> | null {
  if (error instanceof RealtimeRequestError) {
    return { code: error.code, message: error.message, ...(error.data ? { d: error.data } : {}) };
  }
  if (error instanceof RealtimeValidationError) return { code: error.code, message: error.message };
  if (error instanceof IdentityError) {
    const message = IDENTITY_MESSAGES[error.code];
    return message === undefined ? null : { code: 'unauthenticated', message };
  }
  return null;
}
