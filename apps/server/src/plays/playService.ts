// Proof of play ingest and retention (docs/proof-of-play.md): a player's batch is read record by record, the good
// plays stored once each (the key is screen x play id, so a batch sent twice stores nothing new) together with their
// hourly rollups in one transaction, and each bad record named in the answer. The sweep deletes raw plays and
// rollups past their retention.

import type { Kysely } from 'kysely';
import type { FoldedPlays, PlayBatch, PlayBatchAnswer, RejectedPlay } from '@marquee/protocol';
import { SERVER_ID_PATTERN } from '@marquee/management-api';
import type { Database, Player, PlaysTable } from '../db/schema';
import { conflict } from '../domain/errors';
import { checkFold, checkPlay, type CheckedFold, type CheckedPlay } from './playRecords';
import { rollupRows, type RollupSource } from './playRollups';

/** A device clock further than this from the server's is flagged (rows and answer): NTP keeps real ones within 1 s. */
export const CLOCK_SKEW_THRESHOLD_MS = 2 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PlayRetention {
  /** Days raw plays are kept. */
  rawDays: number;
  /** Days hourly rollups (and fold ids) are kept. */
  rollupDays: number;
}

export const DEFAULT_PLAY_RETENTION: PlayRetention = { rawDays: 90, rollupDays: 730 };

/** A media file's id in a play's src: the id itself, or the public media URL (media/mediaCatalog.ts mediaUrl). */
const MEDIA_URL_ID = /\/media\/([0-9a-v]{25})(?:[?#]|$)/;

function mediaIdOf(src: string): string | null {
  if (SERVER_ID_PATTERN.test(src)) return src;
  return MEDIA_URL_ID.exec(src)?.[1] ?? null;
}

export interface PurgeResult {
  plays: number;
  rollups: number;
}

export class PlayService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly retention: PlayRetention = DEFAULT_PLAY_RETENTION,
  ) {}

  /** Stores the good records of `batch` from the authenticated `player`, which must be paired. */
  async ingest(
    player: Pick<Player, 'id' | 'screen_id' | 'org_id'>,
    batch: PlayBatch,
  ): Promise<PlayBatchAnswer> {
    const { screen_id: screenId, org_id: orgId } = player;
    if (screenId === null || orgId === null)
      throw conflict('NOT_PAIRED', 'This player is not paired with a screen: its plays belong to no one');
    const now = this.clock();
    const skew = batch.sentAt - now;
    const clockSkew = Math.abs(skew) > CLOCK_SKEW_THRESHOLD_MS;
    const rejected: RejectedPlay[] = [];
    const plays: CheckedPlay[] = [];
    batch.plays.forEach((raw, index) => {
      const checked = checkPlay(raw, index, now);
      if (checked.ok) plays.push(checked.value);
      else rejected.push(checked.rejection);
    });
    const folds: CheckedFold[] = [];
    (batch.folded ?? []).forEach((raw, index) => {
      const checked = checkFold(raw, index, now);
      if (checked.ok) folds.push(checked.value);
      else rejected.push(checked.rejection);
    });
    const names = await this.libraryNames(
      orgId,
      [...plays, ...folds].map(({ record }) => record.src),
    );
    const nameOf = (record: { src: string; name?: string | null }) =>
      names.get(record.src) ?? record.name ?? null;

    const stored = await this.db.transaction().execute(async (trx) => {
      const newPlays = await this.insertPlays(trx, plays, (play) => ({
        screen_id: screenId,
        play_id: play.record.playId,
        org_id: orgId,
        player_id: player.id,
        playlist_id: play.record.playlistId ?? null,
        schedule_id: play.record.scheduleId ?? null,
        override_id: play.record.overrideId ?? null,
        item_id: play.record.itemId ?? null,
        src: play.record.src,
        name: nameOf(play.record),
        started_at: play.record.startedAt,
        local_start: play.record.localStart,
        local_date: play.local.date,
        timezone: play.record.timezone,
        duration_ms: play.record.durationMs,
        planned_ms: play.record.plannedMs ?? null,
        outcome: play.record.outcome,
        error: play.record.error ?? null,
        received_at: now,
        clock_skew: clockSkew ? 1 : 0,
      }));
      const newFolds = await this.insertFolds(trx, folds, screenId, orgId, now);
      const sources: RollupSource[] = [
        ...newPlays.map(({ record, local }) => ({
          ...record,
          name: nameOf(record),
          local,
          plays: 1,
          outcome: record.outcome,
        })),
        ...newFolds.map(({ record, local }) => foldSource(record, local, nameOf(record))),
      ];
      const rows = rollupRows(orgId, screenId, sources);
      if (rows.length > 0) {
        await trx
          .insertInto('play_rollups')
          .values(rows)
          .onConflict((on) =>
            on.columns(['screen_id', 'hour_start', 'playlist_key', 'item_key']).doUpdateSet((eb) => ({
              plays: eb('play_rollups.plays', '+', eb.ref('excluded.plays')),
              duration_ms: eb('play_rollups.duration_ms', '+', eb.ref('excluded.duration_ms')),
              completed: eb('play_rollups.completed', '+', eb.ref('excluded.completed')),
              interrupted: eb('play_rollups.interrupted', '+', eb.ref('excluded.interrupted')),
              skipped: eb('play_rollups.skipped', '+', eb.ref('excluded.skipped')),
              errors: eb('play_rollups.errors', '+', eb.ref('excluded.errors')),
              folded: eb('play_rollups.folded', '+', eb.ref('excluded.folded')),
              name: eb.fn.coalesce('excluded.name', 'play_rollups.name'),
            })),
          )
          .execute();
      }
      return newPlays.length + newFolds.length;
    });
    return {
      accepted: stored,
      duplicates: plays.length + folds.length - stored,
      rejected,
      clockSkewMs: clockSkew ? skew : null,
    };
  }

  /** Deletes raw plays and rollups older than their retention; answers how many rows went. */
  async purge(): Promise<PurgeResult> {
    const now = this.clock();
    const rawCutoff = now - this.retention.rawDays * DAY_MS;
    const rollupCutoff = now - this.retention.rollupDays * DAY_MS;
    const plays = await this.db.deleteFrom('plays').where('started_at', '<', rawCutoff).executeTakeFirst();
    const rollups = await this.db
      .deleteFrom('play_rollups')
      .where('hour_start', '<', rollupCutoff)
      .executeTakeFirst();
    await this.db.deleteFrom('play_folds').where('hour_start', '<', rollupCutoff).execute();
    return { plays: Number(plays.numDeletedRows), rollups: Number(rollups.numDeletedRows) };
  }

  /** The library's names of the media among `srcs` (media deleted since: none, the player's name stands). */
  private async libraryNames(orgId: string, srcs: readonly string[]): Promise<Map<string, string>> {
    const bySrc = new Map<string, string>();
    for (const src of new Set(srcs)) {
      const id = mediaIdOf(src);
      if (id !== null) bySrc.set(src, id);
    }
    if (bySrc.size === 0) return new Map();
    const rows = await this.db
      .selectFrom('media')
      .select(['id', 'filename'])
      .where('org_id', '=', orgId)
      .where('id', 'in', [...new Set(bySrc.values())])
      .execute();
    const filenames = new Map(rows.map((row) => [row.id, row.filename]));
    const names = new Map<string, string>();
    for (const [src, id] of bySrc) {
      const filename = filenames.get(id);
      if (filename !== undefined) names.set(src, filename);
    }
    return names;
  }

  /** Inserts the plays not stored yet; answers those (a play id twice in one batch counts once). */
  private async insertPlays(
    trx: Kysely<Database>,
    plays: readonly CheckedPlay[],
    row: (play: CheckedPlay) => PlaysTable,
  ): Promise<CheckedPlay[]> {
    if (plays.length === 0) return [];
    const inserted = await trx
      .insertInto('plays')
      .values(plays.map(row))
      .onConflict((on) => on.columns(['screen_id', 'play_id']).doNothing())
      .returning('play_id')
      .execute();
    const fresh = new Set(inserted.map((row) => row.play_id));
    return plays.filter((play) => fresh.delete(play.record.playId));
  }

  private async insertFolds(
    trx: Kysely<Database>,
    folds: readonly CheckedFold[],
    screenId: string,
    orgId: string,
    now: number,
  ): Promise<CheckedFold[]> {
    if (folds.length === 0) return [];
    const inserted = await trx
      .insertInto('play_folds')
      .values(
        folds.map(({ record }) => ({
          screen_id: screenId,
          fold_id: record.foldId,
          org_id: orgId,
          hour_start: record.hourStart,
          received_at: now,
        })),
      )
      .onConflict((on) => on.columns(['screen_id', 'fold_id']).doNothing())
      .returning('fold_id')
      .execute();
    const fresh = new Set(inserted.map((row) => row.fold_id));
    return folds.filter((fold) => fresh.delete(fold.record.foldId));
  }
}

function foldSource(record: FoldedPlays, local: CheckedFold['local'], name: string | null): RollupSource {
  return {
    playlistId: record.playlistId,
    itemId: record.itemId,
    src: record.src,
    name,
    timezone: record.timezone,
    local,
    plays: record.count,
    durationMs: record.durationMs,
    outcome: 'folded',
  };
}
