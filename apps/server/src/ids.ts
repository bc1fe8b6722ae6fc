// Row ids: a time prefix, so ids sort by creation (logs, commands), then 80 random bits. Lower-case letters and
// digits only, so an id is also a valid realtime key and URL segment.

import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuv';
const TIME_LENGTH = 9;
const RANDOM_LENGTH = 16;

/** The last id's time and random digits (indices into ALPHABET), so that ids of one millisecond still sort. */
let last: { time: string; digits: number[] } = { time: '', digits: [] };

/** The digits plus one (base 32); null when they are all the last digit already. */
function increment(digits: readonly number[]): number[] | null {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < ALPHABET.length - 1) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return null;
}

/**
 * A new id at `nowMs`. Ids made in the same millisecond by this process sort in the order they were made (the
 * random part of the previous one plus one), as schedules tied on priority play in creation order
 * (docs/schedules.md §Time rules).
 */
export function newId(nowMs: number = Date.now()): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(32).padStart(TIME_LENGTH, '0');
  const following = time === last.time ? increment(last.digits) : null;
  const digits = following ?? [...randomBytes(RANDOM_LENGTH)].map((byte) => byte & 31);
  last = { time, digits };
  return time + digits.map((digit) => ALPHABET.charAt(digit)).join('');
}

/** Random bytes as base64url without padding: secrets and refresh tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
