// A player's secret: 32 random bytes (base64url) given once, stored only as its sha256, compared in constant time.

import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../ids';

export function newSecret(): string {
  return randomToken(32);
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
