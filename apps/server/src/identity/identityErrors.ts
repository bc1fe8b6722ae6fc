// Errors of the identity service, in the shape of the hosted identity REST API the player's client expects:
// HTTP 400 {error: {code: 400, message: 'INVALID_CUSTOM_TOKEN', errors: [{message, domain: 'global', reason}],
// status: 'INVALID_ARGUMENT'}}. A detail, when there is one, follows the code: 'WEAK_PASSWORD : The password …'.

export type IdentityErrorCode =
  | 'INVALID_CUSTOM_TOKEN'
  | 'MISSING_CUSTOM_TOKEN'
  | 'INVALID_ID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'USER_DISABLED'
  | 'USER_NOT_FOUND'
  | 'INVALID_REFRESH_TOKEN'
  | 'INVALID_GRANT_TYPE'
  | 'MISSING_REFRESH_TOKEN'
  | 'EMAIL_EXISTS'
  | 'INVALID_EMAIL'
  | 'MISSING_EMAIL'
  | 'MISSING_PASSWORD'
  | 'INVALID_PASSWORD'
  | 'INVALID_LOGIN_CREDENTIALS'
  | 'WEAK_PASSWORD'
  | 'INVALID_ARGUMENT'
  | 'TOO_MANY_ATTEMPTS_TRY_LATER';

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    readonly detail?: string,
    readonly statusCode = 400,
    /** For a 429: whole seconds until a retry can succeed (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail === undefined ? code : `${code} : ${detail}`);
    this.name = 'IdentityError';
  }
}

export interface IdentityErrorBody {
  error: {
    code: number;
    message: string;
    errors: { message: string; domain: 'global'; reason: string }[];
    status: string;
  };
}

export function identityErrorBody(error: IdentityError): IdentityErrorBody {
  return {
    error: {
      code: error.statusCode,
      message: error.message,
      errors: [
        {
          message: error.message,
          domain: 'global',
          reason: error.statusCode === 429 ? 'rateLimitExceeded' : 'invalid',
        },
      ],
      status: error.statusCode === 429 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT',
    },
  };
}
