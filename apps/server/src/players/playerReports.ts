// What a player reports besides its status (docs/protocols/player-api.md §Heartbeat, §Registration): its IANA zone
// and the app/data version it has applied. Read liberally: a value that is not what it should be is ignored and
// the rest of the body kept.

import { canonicalTimeZone } from '@marquee/management-api';

export interface PlayerReport {
  /** A zone the server can compute with, in its canonical spelling. */
  timezone?: string;
  contentVersion?: number;
}

/** The zone of a body member, if it is one. */
export function reportedZone(value: unknown): string | undefined {
  return typeof value === 'string' ? (canonicalTimeZone(value) ?? undefined) : undefined;
}

export function reportedByHeartbeat(body: unknown): PlayerReport {
  if (typeof body !== 'object' || body === null) return {};
  const { timezone, contentVersion } = body as Record<string, unknown>;
  const version =
    typeof contentVersion === 'number' && Number.isSafeInteger(contentVersion) && contentVersion > 0
      ? contentVersion
      : undefined;
  return { timezone: reportedZone(timezone), contentVersion: version };
}
