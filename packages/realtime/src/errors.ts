// The one error type of the realtime client. Its code is the upper-cased wire code, as docs/protocols/realtime.md
// §Errors has it: a hub answer's code (permission_denied → PERMISSION_DENIED), a local validation's code (same rules
// and messages as the hub), or a failure only the client sees (a transaction's MAXRETRY or SET, a closed database).

import { RealtimeValidationError, type ErrorAnswer, type RealtimeErrorCode } from '@marquee/protocol';

export type RealtimeClientErrorCode =
  | Uppercase<RealtimeErrorCode>
  /** A transaction still found the value changed after its last attempt. */
  | 'MAXRETRY'
  /** A transaction was overwritten by a set, update or remove of this client on an overlapping path. */
  | 'SET'
  /** The socket dropped before the answer (reads retry on their own; only internal callers see it). */
  | 'DISCONNECTED'
  /** The database was closed before the request finished. */
  | 'CLOSED';

export class RealtimeError extends Error {
  readonly code: RealtimeClientErrorCode;

  constructor(code: RealtimeClientErrorCode, message: string) {
    super(message);
    this.name = 'RealtimeError';
    this.code = code;
  }
}

/** The error of a refused request, e.g. PERMISSION_DENIED with the hub's message. */
export function errorFromAnswer(answer: ErrorAnswer): RealtimeError {
  return new RealtimeError(answer.code.toUpperCase() as RealtimeClientErrorCode, answer.message);
}

/** A local validation failure as a RealtimeError; anything else is rethrown untouched. */
export function errorFromValidation(error: unknown): RealtimeError {
  if (error instanceof RealtimeValidationError) {
    return new RealtimeError(error.code.toUpperCase() as RealtimeClientErrorCode, error.message);
  }
  throw error;
}

export function closedError(): RealtimeError {
  return new RealtimeError('CLOSED', 'The realtime database was closed');
}
