// The raw insert floor: the same play rows the server acknowledged, inserted straight into a fresh migrated SQLite
// file by better-sqlite3 with one prepared statement, in transactions of as many rows as the server's group commit
// takes at most (5,000). What the ingest route adds above it (HTTP, JSON, auth, validation, rollups) is the ratio.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '@marquee/server';
import type { PlayRecord } from '@marquee/protocol';

const ROWS_PER_TRANSACTION = 5000;

export async function insertFloor(
  batches: Iterable<{ screenId: string; plays: PlayRecord[] }>,
): Promise<{ records: number; seconds: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-plays-floor-'));
  const database = openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
    const sqlite = database.sqlite!;
    sqlite
      .prepare(
        `insert into orgs (id, name, allow_clone_screen_by_hardware_id, exempt_from_duplicate_checks, created_at)
      values ('bench-org', 'floor', 0, 0, 0)`,
      )
      .run();
    const insert = sqlite.prepare(
      `insert into plays (screen_id, play_id, org_id, player_id, playlist_id, schedule_id, override_id, item_id, src,
         name, started_at, local_start, local_date, timezone, duration_ms, planned_ms, outcome, error, received_at,
         clock_skew)
       values (?, ?, 'bench-org', null, null, null, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, 0)
       on conflict do nothing`,
    );
    const write = sqlite.transaction((group: { screenId: string; plays: PlayRecord[] }[], now: number) => {
      for (const { screenId, plays } of group) {
        for (const play of plays) {
          insert.run(
            screenId,
            play.playId,
            play.itemId,
            play.src,
            play.name,
            play.startedAt,
            play.localStart,
            play.localStart.slice(0, 10),
            play.timezone,
            play.durationMs,
            play.plannedMs,
            play.outcome,
            now,
          );
        }
      }
    });
    let records = 0;
    let seconds = 0;
    let group: { screenId: string; plays: PlayRecord[] }[] = [];
    let groupRows = 0;
    const flush = () => {
      const started = performance.now();
      write(group, Date.now());
      seconds += (performance.now() - started) / 1000;
      records += groupRows;
      group = [];
      groupRows = 0;
    };
    for (const batch of batches) {
      if (groupRows + batch.plays.length > ROWS_PER_TRANSACTION) flush();
      group.push(batch);
      groupRows += batch.plays.length;
    }
    if (group.length > 0) flush();
    return { records, seconds };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
