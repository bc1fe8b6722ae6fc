// Time zones as the API takes them: IANA names ('Europe/London'), read by the runtime's own zone database, so a zone
// the server cannot compute with is refused at the door (docs/schedules.md §Model).

import { z } from 'zod';

/** Longest zone name taken (the longest IANA names are about 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** The zone's canonical spelling ('europe/london' → 'Europe/London'), or null when it is not a zone. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > TIME_ZONE_MAX_LENGTH || !ZONE_SHAPE.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TIME_ZONE_MESSAGE = "must be an IANA time zone such as 'Europe/London'";

/** An IANA zone, answered in its canonical spelling. */
export const TimeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH)
  .transform((name, context) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) {
      context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE, input: name });
      return z.NEVER;
    }
    return zone;
  });
