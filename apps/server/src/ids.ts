// Row ids: a time prefix, so ids sort by creation (logs, commands), then 80 random bits. Lower-case letters and
// digits only, so an id is also a valid realtime key and URL segment.

import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuv';
const TIME_LENGTH = 9;
const RANDOM_LENGTH = 16;
/**
 * Random bytes drawn at once, for this many ids: a reconnecting fleet makes ids for every connection and every
 * action it arms, and one draw of 16 bytes per id was a call into the CSPRNG each.
 */
const POOLED_IDS = 256;

const pool = Buffer.alloc(RANDOM_LENGTH * POOLED_IDS);
let poolOffset = pool.length;

/** The last id's millisecond, its time digits and its random digits (indices into ALPHABET). */
let lastMs = -1;
let lastTime = '';
const digits = new Uint8Array(RANDOM_LENGTH);
/** The random part's characters, reused: one string made per id. */
const codes: number[] = new Array<number>(RANDOM_LENGTH).fill(0);

function drawDigits(): void {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  for (let i = 0; i < RANDOM_LENGTH; i++) digits[i] = pool[poolOffset + i]! & 31;
  poolOffset += RANDOM_LENGTH;
}

/** The digits plus one (base 32), in place; false when they were all the last digit already (now all zero). */
function incrementDigits(): boolean {
  for (let i = RANDOM_LENGTH - 1; i >= 0; i--) {
    if (digits[i]! < ALPHABET.length - 1) {
      digits[i]! += 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}

/**
 * A new id at `nowMs`. Ids made in the same millisecond by this process sort in the order they were made (the
 * random part of the previous one plus one), as schedules tied on priority play in creation order
 * (docs/schedules.md §Time rules).
 */
export function newId(nowMs: number = Date.now()): string {
  const ms = Math.max(0, Math.floor(nowMs));
  if (ms === lastMs) {
    if (!incrementDigits()) drawDigits();
  } else {
    lastMs = ms;
    lastTime = ms.toString(32).padStart(TIME_LENGTH, '0');
    drawDigits();
  }
  for (let i = 0; i < RANDOM_LENGTH; i++) codes[i] = ALPHABET.charCodeAt(digits[i]!);
  return lastTime + String.fromCharCode.apply(null, codes);
}

/** Random bytes as base64url without padding: secrets and refresh tokens. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
