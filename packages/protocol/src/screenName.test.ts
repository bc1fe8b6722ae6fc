import { describe, expect, it } from 'vitest';
import { SCREEN_NAME_MAX_LENGTH } from './constants';
import {
  SCREEN_NAME_NOT_TEXT_ERROR,
  SCREEN_NAME_TOO_LONG_ERROR,
  isValidScreenName,
  validateScreenName,
} from './screenName';

describe('validateScreenName', () => {
  it(`accepts ${SCREEN_NAME_MAX_LENGTH} characters and rejects ${SCREEN_NAME_MAX_LENGTH + 1}`, () => {
    expect(validateScreenName('n'.repeat(SCREEN_NAME_MAX_LENGTH))).toEqual({
      ok: true,
      name: 'n'.repeat(SCREEN_NAME_MAX_LENGTH),
    });
    expect(validateScreenName('n'.repeat(SCREEN_NAME_MAX_LENGTH + 1))).toEqual({
      ok: false,
      error: 'The screen name can have at most 120 characters.',
    });
    expect(SCREEN_NAME_TOO_LONG_ERROR).toBe('The screen name can have at most 120 characters.');
  });

  it('counts an emoji as one character', () => {
    const emoji = '📺';
    expect(emoji.length).toBe(2);
    expect(validateScreenName(emoji.repeat(SCREEN_NAME_MAX_LENGTH)).ok).toBe(true);
    expect(validateScreenName(emoji.repeat(SCREEN_NAME_MAX_LENGTH + 1)).ok).toBe(false);
    expect(validateScreenName('a'.repeat(SCREEN_NAME_MAX_LENGTH - 1) + emoji).ok).toBe(true);
    expect(validateScreenName('a'.repeat(SCREEN_NAME_MAX_LENGTH) + emoji).ok).toBe(false);
  });

  it('accepts ordinary and empty names as given', () => {
    expect(validateScreenName('Lobby – 2nd floor')).toEqual({ ok: true, name: 'Lobby – 2nd floor' });
    expect(validateScreenName('')).toEqual({ ok: true, name: '' });
  });

  it('rejects anything but a string', () => {
    for (const value of [undefined, null, 12, {}, ['a']]) {
      expect(validateScreenName(value)).toEqual({ ok: false, error: SCREEN_NAME_NOT_TEXT_ERROR });
      expect(isValidScreenName(value)).toBe(false);
    }
    expect(isValidScreenName('Hall')).toBe(true);
  });
});
