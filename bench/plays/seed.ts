// Seeds the proof-of-play benchmark's database before the server starts, through the server's own services
// (buildApp without listening): an operator and N players, each registered and paired as a real one is (its
// registration API token is kept for the uploads). Then the rollups of 10 million plays are written straight into
// the database in one transaction (the summary reads only rollups): every screen shows 8 items of 10 s for 28
// hours, 45 plays per item and hour.

import { RegistrationRequestSchema } from '@marquee/protocol';
import { buildApp, loadConfig, openDatabase } from '@marquee/server';
import { BENCH_ITEMS } from './records';

export interface SeededPlayer {
  playerId: string;
  screenId: string;
  apiToken: string;
}

export interface PlaySeed {
  players: SeededPlayer[];
  operatorToken: string;
  /** Plays the seeded rollups hold, and their rows. */
  rollupPlays: number;
  rollupRows: number;
  seconds: number;
}

/** Where the seeded rollups lie: 28 hours from 2026-01-05 00:00 UTC (London: GMT, offset 0). */
export const ROLLUP_FROM = Date.UTC(2026, 0, 5);
export const ROLLUP_HOURS = 28;
export const PLAYS_PER_ITEM_HOUR = 45;
const HOUR_MS = 3_600_000;

export async function seedPlays(dataDir: string, count: number): Promise<PlaySeed> {
  const started = performance.now();
  const config = loadConfig({ MARQUEE_DATA_DIR: dataDir, MARQUEE_LOG_LEVEL: 'warn' }, dataDir);
  const database = openDatabase({ dataDir: config.dataDir });
  try {
    const app = await buildApp(config, {
      logger: false,
      database,
      sweepTimers: null,
      playRetentionTimers: null,
    });
    try {
      const operator = await app.services.operators.signUp({
        email: 'plays-bench@marquee.test',
        password: 'bench-password-1',
        orgName: 'Plays bench',
      });
      if (operator.org === null) throw new Error('operator sign-up made no organisation');
      const orgId = operator.org.id;
      // Who the pairings are recorded as in the audit log.
      const seeder = {
        orgId,
        actor: { kind: 'member' as const, id: operator.user.id, name: 'plays bench seeding' },
        ip: null,
      };
      const players: SeededPlayer[] = [];
      for (let first = 0; first < count; first += 250) {
        const indices = Array.from({ length: Math.min(250, count - first) }, (_, k) => first + k);
        players.push(
          ...(await Promise.all(
            indices.map(async (index) => {
              const request = RegistrationRequestSchema.parse({
                device: { id: `plays-${String(index).padStart(6, '0')}`, model: 'bench', platform: 'bench' },
              });
              const { playerId, auth, pairingCode } = await app.services.players.register(request, null);
              if (pairingCode === null) throw new Error(`${playerId} got no pairing code`);
              const screen = await app.services.screens.pair(seeder, { code: pairingCode });
              return { playerId, screenId: screen.id, apiToken: auth.apiToken };
            }),
          )),
        );
        await app.services.documents.drain();
      }
      const rollupRows = seedRollups(database.sqlite!, orgId, players);
      return {
        players,
        operatorToken: operator.idToken,
        rollupPlays: rollupRows * PLAYS_PER_ITEM_HOUR,
        rollupRows,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

function seedRollups(
  sqlite: NonNullable<ReturnType<typeof openDatabase>['sqlite']>,
  orgId: string,
  players: readonly SeededPlayer[],
): number {
  const insert = sqlite.prepare(
    `insert into play_rollups (screen_id, hour_start, playlist_key, item_key, org_id, local_hour, local_date,
       timezone, playlist_id, item_id, src, name, plays, duration_ms, completed, interrupted, skipped, errors, folded)
     values (?, ?, '', ?, ?, ?, ?, 'Europe/London', null, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0)`,
  );
  let rows = 0;
  sqlite.transaction(() => {
    for (const player of players) {
      for (let hour = 0; hour < ROLLUP_HOURS; hour++) {
        const hourStart = ROLLUP_FROM + hour * HOUR_MS;
        const iso = new Date(hourStart).toISOString();
        const localHour = `${iso.slice(0, 13)}:00+00:00`;
        for (let item = 0; item < BENCH_ITEMS; item++) {
          insert.run(
            player.screenId,
            hourStart,
            `item-${item}`,
            orgId,
            localHour,
            iso.slice(0, 10),
            `item-${item}`,
            `https://example.com/bench/item-${item}.png`,
            `Bench item ${item}`,
            PLAYS_PER_ITEM_HOUR,
            PLAYS_PER_ITEM_HOUR * 10_000,
            PLAYS_PER_ITEM_HOUR,
          );
          rows += 1;
        }
      }
    }
  })();
  return rows;
}
