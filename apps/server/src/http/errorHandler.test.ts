import { describe, expect, it } from 'vitest';
import { RealtimeValidationError } from '@marquee/protocol';
import { toErrorResponse } from './errorHandler';
import { ApiError, conflict } from './errors';

describe('toErrorResponse', () => {
  it('answers an ApiError with its status, code, message, field and details', () => {
    expect(toErrorResponse(new ApiError(400, 'BAD', 'Bad thing', 'a.b'))).toEqual({
      status: 400,
      body: { error: { code: 'BAD', message: 'Bad thing', field: 'a.b' } },
    });
    expect(toErrorResponse(conflict('DUP', 'Dup', { hardware_id: 'h' }))).toEqual({
      status: 409,
      body: { error: { code: 'DUP', message: 'Dup', hardware_id: 'h' } },
    });
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
