import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { fieldErrorsOf, fieldOf } from './fieldErrors';

describe('fieldErrorsOf', () => {
  it('puts the message under the field the server names, when the form has it', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'must be a time HH:MM', 'from');
    expect(fieldErrorsOf(error, ['name', 'from'])).toEqual({ from: 'must be a time HH:MM' });
    expect(fieldOf(new ApiError(400, 'INVALID_CONTENT', 'no', 'items.2.src'))).toBe('items');
  });

  it('puts it above the buttons otherwise', () => {
    const error = new ApiError(409, 'PLAYLIST_IN_USE', "Used by the schedule 'Lunch'");
    expect(fieldErrorsOf(error, ['name'])).toEqual({ form: "Used by the schedule 'Lunch'" });
    expect(fieldErrorsOf(new ApiError(400, 'X', 'bad', 'other'), ['name'])).toEqual({ form: 'bad' });
  });
});
