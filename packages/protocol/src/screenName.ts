// Screen name rule of docs/player.md §Validation: at most SCREEN_NAME_MAX_LENGTH characters. Characters are code
// points, so an emoji counts once, as the operator sees it, not as the two UTF-16 units of String.length.

import { SCREEN_NAME_MAX_LENGTH } from './constants';
import { codePointLength } from './utf8';

export type ScreenNameResult = { ok: true; name: string } | { ok: false; error: string };

export const SCREEN_NAME_NOT_TEXT_ERROR = 'The screen name must be text.';
export const SCREEN_NAME_TOO_LONG_ERROR = `The screen name can have at most ${SCREEN_NAME_MAX_LENGTH} characters.`;

export function validateScreenName(name: unknown): ScreenNameResult {
  if (typeof name !== 'string') return { ok: false, error: SCREEN_NAME_NOT_TEXT_ERROR };
  if (name.length > SCREEN_NAME_MAX_LENGTH && codePointLength(name) > SCREEN_NAME_MAX_LENGTH) {
    return { ok: false, error: SCREEN_NAME_TOO_LONG_ERROR };
  }
  return { ok: true, name };
}

export function isValidScreenName(name: unknown): name is string {
  return validateScreenName(name).ok;
}
