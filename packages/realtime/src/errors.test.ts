import { describe, expect, it } from 'vitest';
import { RealtimeValidationError } from '@marquee/protocol';
import { RealtimeError, errorFromAnswer, errorFromValidation } from './errors';

describe('RealtimeError', () => {
  it('carries the upper-cased code of a refused request and its message (docs/protocols/realtime.md §Errors)', () => {
    const error = errorFromAnswer({
      r: 1,
      ok: false,
      code: 'permission_denied',
      message: 'Permission denied',
    });
    expect(error).toBeInstanceOf(RealtimeError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'RealtimeError',
      code: 'PERMISSION_DENIED',
      message: 'Permission denied',
    });
    expect(errorFromAnswer({ ok: false, code: 'too_large', message: 'big' }).code).toBe('TOO_LARGE');
  });

  it('turns a validation error into its upper-cased code and rethrows anything else', () => {
    expect(errorFromValidation(new RealtimeValidationError('invalid_value', 'bad', 'a'))).toMatchObject({
      code: 'INVALID_VALUE',
      message: 'bad',
    });
    const other = new TypeError('x');
    expect(() => errorFromValidation(other)).toThrow(other);
  });
});
