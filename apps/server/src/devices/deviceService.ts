// Devices an organisation has seen (docs/management-api.md §Screens): a player of the organisation, or one sharing
// the hardware id of such a player. An operator may block one (docs/player.md §Errors: its registration, every
// player call and its identity are refused with 403 until it is unblocked), and set the meeting-room variant's
// operator-written nodes (docs/meeting-room.md §Overridden player): app/token, from which its frame source is
// derived, and overridden_player, the websocket pair / href / action it follows.

import type { Kysely } from 'kysely';
import { OverriddenPlayerSchema, playerBranchPath, playerDocumentPath } from '@marquee/protocol';
import { recordChange, type Changer } from '../audit/auditRecord';
import type { Database } from '../db/schema';
import { invalid, notFound } from '../domain/errors';
import type { DocumentStore } from '../realtime/documentStore';

export class DeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentStore,
    private readonly clock: () => number,
  ) {}

  /** Blocks or unblocks the device. */
  async setBlocked(by: Changer, playerId: string, blocked: boolean): Promise<void> {
    await this.seen(by.orgId, playerId);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('players')
        .select('blocked')
        .where('id', '=', playerId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('players')
        .set({ blocked: blocked ? 1 : 0, updated_at: now })
        .where('id', '=', playerId)
        .execute();
      await recordChange(
        trx,
        by,
        {
          action: blocked ? 'device.block' : 'device.unblock',
          target: { type: 'device', id: playerId },
          before: { blocked: Number(before.blocked) === 1 },
          after: { blocked },
        },
        now,
      );
    });
  }

  // The meeting-room nodes live in the player's realtime document, not in a table: their entry is appended once
  // the document has taken the change.

  /** Sets (or with null clears) the meeting-room token of the device; the entry says whether one is set, never it. */
  async setAppToken(by: Changer, playerId: string, token: string | null): Promise<void> {
    await this.seen(by.orgId, playerId);
    await this.documents.update(playerDocumentPath(playerId), { 'app/token': token });
    const change = {
      action: 'device.appToken',
      target: { type: 'device', id: playerId },
      after: { tokenSet: token !== null },
    };
    await recordChange(this.db, by, change, this.clock());
  }

  /** Overrides the meeting-room player (null restores it); answers the value stored. */
  async setOverriddenPlayer(by: Changer, playerId: string, value: unknown): Promise<unknown> {
    await this.seen(by.orgId, playerId);
    const raw = value ?? null;
    if (raw !== null && !OverriddenPlayerSchema.safeParse(raw).success) {
      throw invalid(
        'INVALID_OVERRIDDEN_PLAYER',
        'Expected {websocket: "ws-url|wss-url", href?, action?}',
        'value',
      );
    }
    const path = playerBranchPath(playerId, 'overridden_player');
    const before = (await this.documents.get(path)).value ?? null;
    if (raw === null) await this.documents.remove(path);
    else await this.documents.set(path, raw);
    const change = {
      action: 'device.overriddenPlayer',
      target: { type: 'device', id: playerId },
      before,
      after: raw,
    };
    await recordChange(this.db, by, change, this.clock());
    return raw;
  }

  /** 404 unless the organisation has seen the device (as for a player that does not exist). */
  private async seen(orgId: string, playerId: string): Promise<void> {
    const player = await this.db
      .selectFrom('players')
      .select(['id', 'org_id', 'hardware_id'])
      .where('id', '=', playerId)
      .executeTakeFirst();
    let seen = player !== undefined && player.org_id === orgId;
    if (player !== undefined && !seen && player.hardware_id !== null) {
      const sibling = await this.db
        .selectFrom('players')
        .select('id')
        .where('hardware_id', '=', player.hardware_id)
        .where('org_id', '=', orgId)
        .limit(1)
        .executeTakeFirst();
      seen = sibling !== undefined;
    }
    if (!seen) throw notFound('PLAYER_NOT_FOUND', `No player ${playerId} in your organisation`);
  }
}
