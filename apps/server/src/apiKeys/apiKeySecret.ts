// The secret of an API key (docs/teams.md §API keys): `mq_` and 32 random bytes in base64url, shown once. Only its
// SHA-256 is stored. A fast, unsalted hash is right here, unlike for passwords: the key carries 256 bits of
// randomness, so there is nothing to guess and no dictionary to precompute; a slow hash would only slow every call.

import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@marquee/management-api';

const SECRET_BYTES = 32;
/** Characters after the prefix kept to tell keys apart: 48 of the 256 bits, the rest stays unknown. */
const SHOWN_CHARACTERS = 8;
/** `mq_` and 43 base64url characters (32 bytes, unpadded). */
const KEY_PATTERN = /^mq_[A-Za-z0-9_-]{43}$/;

/** A new key. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** Whether a bearer token is meant as an API key (and not an ID token), whatever its validity. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Whether `key` has the shape of a key this server makes (checked before any database lookup). */
export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** What is stored and looked up: the key's SHA-256, hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The start of a key shown in lists (`mq_` and 8 characters). */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + SHOWN_CHARACTERS);
}
