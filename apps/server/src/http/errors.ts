// The error answer of every JSON API except identity (which answers in the hosted identity REST API's shape):
// HTTP 4xx/5xx with {error: {code, message, field?, ...details}}. Routes throw ApiError; the global error handler
// (errorHandler.ts) turns it, and every framework or validation error, into that body.

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    /** The offending field, dot-separated (e.g. 'device.platform'), when one is to blame. */
    field?: string;
    [detail: string]: unknown;
  };
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Extra members of the error object, e.g. {hardware_id}. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field === undefined ? {} : { field: this.field }),
        ...this.details,
      },
    };
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new ApiError(400, code, message, field);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const conflict = (code: string, message: string, details: Record<string, unknown> = {}) =>
  new ApiError(409, code, message, undefined, details);
