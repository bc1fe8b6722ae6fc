// Screen health as the management API answers it (docs/screen-health.md): each screen's state and since when, and
// its uptime over the last hours. A screen the monitor has not recorded yet is answered from its live status.

import type { Kysely } from 'kysely';
import type { ScreenHealthView, ScreenStatus, UptimeAnswer } from '@marquee/management-api';
import type { Database } from '../db/schema';
import { notFound } from '../domain/errors';
import { uptimeOf } from './uptime';

const HOUR_MS = 60 * 60 * 1000;

/** The stored health of `screenIds`. */
export async function storedHealth(
  db: Kysely<Database>,
  screenIds: readonly string[],
): Promise<Map<string, ScreenHealthView>> {
  const found = new Map<string, ScreenHealthView>();
  for (let start = 0; start < screenIds.length; start += 500) {
    const rows = await db
      .selectFrom('screen_health')
      .select(['screen_id', 'state', 'since'])
      .where('screen_id', 'in', screenIds.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.screen_id, { state: row.state, since: row.since });
  }
  return found;
}

/** Before the monitor's first record: what the live status says, since the moment it tells. */
export function healthFromStatus(status: ScreenStatus, createdAt: number): ScreenHealthView {
  const online = status.online || (status.lastHeartbeatAt !== null && !status.heartbeatOverdue);
  return online
    ? { state: 'online', since: status.connectedAt ?? status.lastHeartbeatAt ?? createdAt }
    : { state: 'offline', since: status.disconnectedAt ?? status.lastHeartbeatAt ?? createdAt };
}

export class HealthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** GET /screens/{id}/uptime: the last `hours` of the screen's health. */
  async uptime(orgId: string, screenId: string, hours: number): Promise<UptimeAnswer> {
    const screen = await this.db
      .selectFrom('screens')
      .select('id')
      .where('id', '=', screenId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (screen === undefined) throw notFound('SCREEN_NOT_FOUND', 'No such screen.', 'id');
    const to = this.clock();
    const from = to - hours * HOUR_MS;
    const intervals = await this.db
      .selectFrom('health_intervals')
      .select(['state', 'started_at', 'ended_at'])
      .where('screen_id', '=', screenId)
      .where('started_at', '<', to)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
      .execute();
    return uptimeOf(intervals, from, to);
  }
}
