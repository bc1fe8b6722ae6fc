// Bounded string schemas shared by the record schemas: every string that crosses the wire has a ceiling, so no
// record can carry an unbounded blob. The bounds are ours, within the request sizes of
// docs/security.md §Limits.

import * as z from 'zod/mini';

/** Ids: player, device, organisation, screen, hardware and connection ids. */
export const ID_MAX_LENGTH = 128;
/** Names, models, platforms, versions, host names and other short labels. */
export const LABEL_MAX_LENGTH = 256;
export const URL_MAX_LENGTH = 2048;
/** Signed tokens (JWTs, custom tokens) and secrets. */
export const TOKEN_MAX_LENGTH = 8192;
export const USER_AGENT_MAX_LENGTH = 1024;

/** A string of at most `max` UTF-16 units. */
export function boundedString(max: number) {
  return z.string().check(z.maxLength(max));
}

/** A non-empty string of at most `max` UTF-16 units. */
export function nonEmptyString(max: number) {
  return z.string().check(z.minLength(1), z.maxLength(max));
}

/** An absolute http or https URL. */
export function httpUrl() {
  return z.url({ protocol: /^https?$/ }).check(z.maxLength(URL_MAX_LENGTH));
}

/** Milliseconds since the epoch, as the server's clock resolves a server timestamp. */
export const TimestampMsSchema = z.int().check(z.nonnegative());
