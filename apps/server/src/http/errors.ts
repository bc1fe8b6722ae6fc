// The error answer of every JSON API except identity (which answers in the hosted identity REST API's shape):
// HTTP 4xx/5xx with {error: {code, message, field?, ...details}}. Services throw domain errors (domain/errors.ts);
// what only HTTP knows (a header, a content type, a multipart body) is refused with an ApiError and its status.
// The global error handler (errorHandler.ts) turns both, and every framework or validation error, into that body.

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    /** The offending field, dot-separated (e.g. 'device.platform'), when one is to blame. */
    field?: string;
    [detail: string]: unknown;
  };
}

export function errorBody(
  code: string,
  message: string,
  field?: string,
  details: Record<string, unknown> = {},
): ErrorBody {
  return { error: { code, message, ...(field === undefined ? {} : { field }), ...details } };
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new ApiError(400, code, message, field);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
