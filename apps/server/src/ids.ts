// Row ids: a time prefix, so ids sort by creation (logs, commands), then 80 random bits. Lower-case letters and
// digits only, so an id is also a valid realtime key and URL segment.

import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuv';
const TIME_LENGTH = 9;
const RANDOM_LENGTH = 16;

export function newId(nowMs: number = Date.now()): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(32).padStart(TIME_LENGTH, '0');
  const bytes = randomBytes(RANDOM_LENGTH);
  let random = '';
  for (const byte of bytes) random += ALPHABET.charAt(byte & 31);
  return time + random;
}

/** Random bytes as base64url without padding: secrets and refresh tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
