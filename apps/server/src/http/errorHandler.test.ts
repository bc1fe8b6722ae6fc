import { describe, expect, it } from 'vitest';
import { RealtimeValidationError } from '@marquee/protocol';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  tooLarge,
  unauthenticated,
  unsupported,
} from '../domain/errors';
import { toErrorResponse } from './errorHandler';
import { ApiError } from './errors';

describe('toErrorResponse', () => {
  it('answers an ApiError with its status, code, message and field', () => {
    expect(toErrorResponse(new ApiError(415, 'BAD', 'Bad thing', 'a.b'))).toEqual({
      status: 415,
      body: { error: { code: 'BAD', message: 'Bad thing', field: 'a.b' } },
    });
  });

  it('answers a domain error with the status of its kind, its code, message, field and details', () => {
    expect(toErrorResponse(conflict('DUP', 'Dup', { hardware_id: 'h' }))).toEqual({
      status: 409,
      body: { error: { code: 'DUP', message: 'Dup', hardware_id: 'h' } },
    });
    expect(toErrorResponse(invalid('BAD', 'Bad', 'content.2.src'))).toEqual({
      status: 400,
      body: { error: { code: 'BAD', message: 'Bad', field: 'content.2.src' } },
    });
    expect(toErrorResponse(notFound('GONE', 'Gone', 'ids', { ids: ['a'] }))).toEqual({
      status: 404,
      body: { error: { code: 'GONE', message: 'Gone', field: 'ids', ids: ['a'] } },
    });
    const statuses = [
      unauthenticated('A', 'a'),
      forbidden('B', 'b'),
      tooLarge('C', 'c'),
      unsupported('D', 'd'),
    ].map((error) => toErrorResponse(error).status);
    expect(statuses).toEqual([401, 403, 413, 415]);
  });

  it('maps realtime validation errors: invalid path/value 400, too large 413', () => {
    expect(
      toErrorResponse(new RealtimeValidationError('invalid_path', 'Invalid key', 'players/a.b')),
    ).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_PATH', message: 'Invalid key', field: 'players/a.b' } },
    });
    expect(toErrorResponse(new RealtimeValidationError('too_large', 'Too big', '')).status).toBe(413);
  });

  it('names the first invalid field of a validation error', () => {
    const error = Object.assign(new Error('x'), {
      validation: [{ instancePath: '/device/platform', message: 'Required' }],
      validationContext: 'body',
    });
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body.device.platform: Required',
          field: 'device.platform',
          issues: [{ field: 'device.platform', message: 'Required' }],
        },
      },
    });
  });

  it('keeps client error statuses, names rate limiting, and hides server faults', () => {
    expect(toErrorResponse(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 }))).toEqual({
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded' } },
    });
    expect(
      toErrorResponse(Object.assign(new Error('nope'), { statusCode: 405, code: 'FST_ERR_X' })).status,
    ).toBe(405);
    expect(toErrorResponse(new Error('database exploded'))).toEqual({
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Internal server error' } },
    });
  });
});
