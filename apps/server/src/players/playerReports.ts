// What a player reports besides its status (docs/protocols/player-api.md §Heartbeat, §Registration): its IANA zone
// and the app/data version it has applied, and the heartbeat that carries them. Read liberally: a value that is not
// what it should be is ignored and the rest of the body kept. A newly reported zone refreshes the screen's timeline.

import type { Kysely } from 'kysely';
import { canonicalTimeZone } from '@marquee/management-api';
import type { Database } from '../db/schema';

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

export interface ReportDeps {
  db: Kysely<Database>;
  clock: () => number;
  /** Called with the player's screen when the zone it reports is new (the timeline service refreshes it). */
  onZoneReported: (orgId: string, screenIds: string[]) => Promise<void>;
  /** Called when a paired player reports a content version other than the one stored (override.applied). */
  onContentApplied?: (orgId: string, screenId: string, from: number | null, to: number) => Promise<void>;
}

/** Records a heartbeat: when, from where, what it carried, and the zone and applied version it reports. */
export async function recordHeartbeat(
  deps: ReportDeps,
  playerId: string,
  body: unknown,
  ip: string | null,
): Promise<number> {
  const now = deps.clock();
  const reported = reportedByHeartbeat(body);
  const before =
    reported.contentVersion === undefined || deps.onContentApplied === undefined
      ? undefined
      : await deps.db
          .selectFrom('players')
          .select(['org_id', 'screen_id', 'content_version'])
          .where('id', '=', playerId)
          .executeTakeFirst();
  await deps.db
    .updateTable('players')
    .set({
      last_heartbeat_at: now,
      last_heartbeat: JSON.stringify(body ?? {}),
      last_ip: ip,
      ...(reported.contentVersion === undefined ? {} : { content_version: reported.contentVersion }),
    })
    .where('id', '=', playerId)
    .execute();
  if (
    before?.org_id != null &&
    before.screen_id !== null &&
    reported.contentVersion !== undefined &&
    before.content_version !== reported.contentVersion
  ) {
    await deps.onContentApplied?.(
      before.org_id,
      before.screen_id,
      before.content_version,
      reported.contentVersion,
    );
  }
  await recordZone(deps, playerId, reported.timezone);
  return now;
}

/** Stores a zone the player reports; when it is new, its screen's timeline follows. */
export async function recordZone(
  deps: ReportDeps,
  playerId: string,
  timezone: string | undefined,
): Promise<void> {
  if (timezone === undefined) return;
  const result = await deps.db
    .updateTable('players')
    .set({ timezone })
    .where('id', '=', playerId)
    .where((eb) => eb.or([eb('timezone', 'is', null), eb('timezone', '!=', timezone)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  const player = await deps.db
    .selectFrom('players')
    .select(['org_id', 'screen_id'])
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (player?.org_id != null && player.screen_id !== null)
    await deps.onZoneReported(player.org_id, [player.screen_id]);
}
