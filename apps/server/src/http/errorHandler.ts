// Maps anything thrown while serving a request to the JSON error body of errors.ts. A service's domain error gets
// the status of its kind; client mistakes (validation, malformed JSON, wrong content type, oversized bodies, rate
// limits) are 4xx naming what is wrong; only a fault of the server itself is a 500, logged with its stack and
// answered without details.

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RealtimeValidationError } from '@marquee/protocol';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { ApiError, errorBody, type ErrorBody } from './errors';

const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  too_many_attempts: 429,
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'INVALID_CONTENT_LENGTH' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Body cannot be empty when content-type is set to application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
};

const REALTIME_CODES: Record<string, { status: number; code: string }> = {
  invalid_path: { status: 400, code: 'INVALID_PATH' },
  invalid_value: { status: 400, code: 'INVALID_VALUE' },
  too_large: { status: 413, code: 'TOO_LARGE' },
};

/** 'device/platform' → 'device.platform'; the root is ''. */
function fieldOf(instancePath: string | undefined): string {
  return (instancePath ?? '').split('/').filter(Boolean).join('.');
}

function validationBody(error: FastifyError): ErrorBody {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  const context = error.validationContext ?? 'body';
  const field = fieldOf(first?.instancePath);
  const where = field === '' ? context : `${context}.${field}`;
  return {
    error: {
      code: 'VALIDATION_FAILED',
      message: `Invalid ${where}: ${first?.message ?? 'invalid value'}`,
      field: field === '' ? context : field,
      issues: issues.map((issue) => ({ field: fieldOf(issue.instancePath), message: issue.message ?? '' })),
    },
  };
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Headers of the answer besides the body's (Retry-After of a refused attempt). */
  headers?: Record<string, string>;
}

/** Retry-After of a domain error that says when to retry. */
function retryAfterOf(error: DomainError): Record<string, string> | undefined {
  const seconds = error.details.retryAfterSeconds;
  return typeof seconds === 'number' ? { 'retry-after': String(seconds) } : undefined;
}

export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    return {
      status: DOMAIN_STATUS[error.kind],
      body: errorBody(error.code, error.message, error.field, error.details),
      headers: retryAfterOf(error),
    };
  }
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.field) };
  }
  if (error instanceof RealtimeValidationError) {
    const mapped = REALTIME_CODES[error.code] ?? { status: 400, code: 'INVALID_VALUE' };
    return { status: mapped.status, body: errorBody(mapped.code, error.message, error.path || undefined) };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && Array.isArray(fastifyError.validation)) {
    return { status: 400, body: validationBody(fastifyError as FastifyError) };
  }
  const framework = fastifyError?.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (framework) {
    return {
      status: framework.status,
      body: { error: { code: framework.code, message: framework.message ?? fastifyError?.message ?? '' } },
    };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      status === 429
        ? 'RATE_LIMITED'
        : typeof fastifyError?.code === 'string' && !fastifyError.code.startsWith('FST_')
          ? fastifyError.code
          : 'BAD_REQUEST';
    return { status, body: { error: { code, message: fastifyError?.message ?? 'Bad request' } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error' } } };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body, headers } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, code: body.error.code }, body.error.message);
  if (headers !== undefined) void reply.headers(headers);
  void reply.status(status).send(body);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send({
    error: { code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found` },
  } satisfies ErrorBody);
}
