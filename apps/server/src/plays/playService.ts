// Proof of play ingest and retention (docs/proof-of-play.md): a player's batch is read record by record, the good
// plays stored once each (the key is screen x play id, so a batch sent twice stores nothing new) together with their
// hourly rollups in one transaction, and each bad record named in the answer. Batches arriving together are written
// together (groupCommit.ts). The sweep deletes raw plays and rollups past their retention.

import type { Kysely } from 'kysely';
import type { FoldedPlays, PlayBatch, PlayBatchAnswer, RejectedPlay } from '@marquee/protocol';
import { SERVER_ID_PATTERN } from '@marquee/management-api';
import type { DatabaseDialect } from '../db/database';
import type { Database, Player } from '../db/schema';
import { conflict } from '../domain/errors';
import { GroupCommit } from './groupCommit';
import { insertNewPlays, playKey, type PlayValues } from './playInsert';
import { checkFold, checkPlay, type CheckedFold, type CheckedPlay } from './playRecords';
import { rollupRows, type RollupSource } from './playRollups';

/** A device clock further than this from the server's is flagged (rows and answer): NTP keeps real ones within 1 s. */
export const CLOCK_SKEW_THRESHOLD_MS = 2 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Most records one transaction writes (batches waiting beyond it go in the next). */
const GROUP_MAX_RECORDS = 5000;
/** Rows per INSERT statement: 20 columns each stays far below both engines' limits on parameters. */
const ROWS_PER_STATEMENT = 500;

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

function chunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    parts.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return parts;
}

export interface PurgeResult {
  plays: number;
  rollups: number;
}

/** A checked batch waiting to be written. */
interface CheckedBatch {
  playerId: string;
  screenId: string;
  orgId: string;
  plays: CheckedPlay[];
  folds: CheckedFold[];
  clockSkew: boolean;
  receivedAt: number;
}

interface Written {
  plays: number;
  folds: number;
}

export class PlayService {
  private readonly commits = new GroupCommit<CheckedBatch, Written>({
    write: (batches) => this.write(batches),
    weight: (batch) => batch.plays.length + batch.folds.length,
    maxWeight: GROUP_MAX_RECORDS,
  });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DatabaseDialect,
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
    const written =
      plays.length + folds.length === 0
        ? { plays: 0, folds: 0 }
        : await this.commits.submit({
            playerId: player.id,
            screenId,
            orgId,
            plays,
            folds,
            clockSkew,
            receivedAt: now,
          });
    const accepted = written.plays + written.folds;
    return {
      accepted,
      duplicates: plays.length + folds.length - accepted,
      rejected,
      clockSkewMs: clockSkew ? skew : null,
    };
  }

  /** Deletes raw plays and rollups older than their retention, organisation by organisation (by their indexes). */
  async purge(): Promise<PurgeResult> {
    const now = this.clock();
    const rawCutoff = now - this.retention.rawDays * DAY_MS;
    const rollupCutoff = now - this.retention.rollupDays * DAY_MS;
    const result: PurgeResult = { plays: 0, rollups: 0 };
    for (const { id } of await this.db.selectFrom('orgs').select('id').execute()) {
      const plays = await this.db
        .deleteFrom('plays')
        .where('org_id', '=', id)
        .where('started_at', '<', rawCutoff)
        .executeTakeFirst();
      const rollups = await this.db
        .deleteFrom('play_rollups')
        .where('org_id', '=', id)
        .where('hour_start', '<', rollupCutoff)
        .executeTakeFirst();
      await this.db
        .deleteFrom('play_folds')
        .where('org_id', '=', id)
        .where('hour_start', '<', rollupCutoff)
        .execute();
      result.plays += Number(plays.numDeletedRows);
      result.rollups += Number(rollups.numDeletedRows);
    }
    return result;
  }

  /** Writes `batches` in one transaction; answers how many plays and folds of each were new. */
  private async write(batches: CheckedBatch[]): Promise<Written[]> {
    const names = await this.libraryNames(batches);
    const nameOf = (orgId: string, record: { src: string; name?: string | null }) =>
      names.get(`${orgId}\u0000${record.src}`) ?? record.name ?? null;
    return this.db.transaction().execute(async (trx) => {
      const freshPlays = await insertNewPlays(
        trx,
        this.dialect,
        batches.flatMap((batch) =>
          batch.plays.map((play) => playRow(batch, play, nameOf(batch.orgId, play.record))),
        ),
      );
      const freshFolds = await this.insertFolds(trx, batches);
      const sources: RollupSource[] = [];
      const written = batches.map((batch) => {
        const newPlays = batch.plays.filter((play) =>
          freshPlays.delete(playKey(batch.screenId, play.record.playId)),
        );
        const newFolds = batch.folds.filter((fold) =>
          freshFolds.delete(`${batch.screenId}\u0000${fold.record.foldId}`),
        );
        for (const { record, local } of newPlays) {
          sources.push({
            orgId: batch.orgId,
            screenId: batch.screenId,
            playlistId: record.playlistId,
            itemId: record.itemId,
            src: record.src,
            name: nameOf(batch.orgId, record),
            timezone: record.timezone,
            local,
            plays: 1,
            durationMs: record.durationMs,
            outcome: record.outcome,
          });
        }
        for (const { record, local } of newFolds) {
          sources.push(foldSource(batch, record, local, nameOf(batch.orgId, record)));
        }
        return { plays: newPlays.length, folds: newFolds.length };
      });
      for (const rows of chunks(rollupRows(sources))) {
        await trx
          .insertInto('play_rollups')
          .values(rows)
          .onConflict((on) =>
            on
              .columns(['org_id', 'hour_start', 'screen_id', 'playlist_key', 'item_key'])
              .doUpdateSet((eb) => ({
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
      return written;
    });
  }

  /** The library's names of the media the batches show, by org and src (deleted media: the player's name stands). */
  private async libraryNames(batches: readonly CheckedBatch[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const byOrg = new Map<string, Map<string, string>>();
    for (const batch of batches) {
      let ids = byOrg.get(batch.orgId);
      if (ids === undefined) byOrg.set(batch.orgId, (ids = new Map()));
      for (const { record } of [...batch.plays, ...batch.folds]) {
        const id = ids.has(record.src) ? null : mediaIdOf(record.src);
        if (id !== null) ids.set(record.src, id);
      }
    }
    for (const [orgId, ids] of byOrg) {
      if (ids.size === 0) continue;
      const rows = await this.db
        .selectFrom('media')
        .select(['id', 'filename'])
        .where('org_id', '=', orgId)
        .where('id', 'in', [...new Set(ids.values())])
        .execute();
      const filenames = new Map(rows.map((row) => [row.id, row.filename]));
      for (const [src, id] of ids) {
        const filename = filenames.get(id);
        if (filename !== undefined) names.set(`${orgId}\u0000${src}`, filename);
      }
    }
    return names;
  }

  private async insertFolds(trx: Kysely<Database>, batches: readonly CheckedBatch[]): Promise<Set<string>> {
    const rows = batches.flatMap((batch) =>
      batch.folds.map(({ record }) => ({
        screen_id: batch.screenId,
        fold_id: record.foldId,
        org_id: batch.orgId,
        hour_start: record.hourStart,
        received_at: batch.receivedAt,
      })),
    );
    const fresh = new Set<string>();
    for (const part of chunks(rows)) {
      const inserted = await trx
        .insertInto('play_folds')
        .values(part)
        .onConflict((on) => on.columns(['screen_id', 'fold_id']).doNothing())
        .returning(['screen_id', 'fold_id'])
        .execute();
      for (const row of inserted) fresh.add(`${row.screen_id}\u0000${row.fold_id}`);
    }
    return fresh;
  }
}

/** A play's row, as its values in the insert's column order (playInsert.ts PLAY_COLUMNS). */
function playRow(batch: CheckedBatch, { record, local }: CheckedPlay, name: string | null): PlayValues {
  return [
    batch.screenId,
    record.playId,
    batch.orgId,
    batch.playerId,
    record.playlistId ?? null,
    record.scheduleId ?? null,
    record.overrideId ?? null,
    record.itemId ?? null,
    record.src,
    name,
    record.startedAt,
    record.localStart,
    local.date,
    record.timezone,
    record.durationMs,
    record.plannedMs ?? null,
    record.outcome,
    record.error ?? null,
    batch.receivedAt,
    batch.clockSkew ? 1 : 0,
  ];
}

function foldSource(
  batch: CheckedBatch,
  record: FoldedPlays,
  local: CheckedFold['local'],
  name: string | null,
): RollupSource {
  return {
    orgId: batch.orgId,
    screenId: batch.screenId,
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
