// Seeds the benchmark's players BEFORE the server processes start, in the database they will open (SQLite in the
// data folder, or PostgreSQL at a DATABASE_URL), through the server's own services (@marquee/server: buildApp
// without listening), in-process because the HTTP routes are rate limited per address. An operator signs up; each
// player does what a real one does: it registers, is paired by the operator with the code it shows (the screen
// service, as POST /api/v1/screens/pair), answers the pairing's reset_credentials by rotating its credentials with
// its secret, and signs in with its new custom token. The players of a batch are seeded concurrently, so token
// signing overlaps the statements. For --schedules, a playlist and a group listing every screen are made too (no
// schedule targets the group yet, so no timeline changes).

import { RegistrationRequestSchema } from '@marquee/protocol';
import { buildApp, loadConfig, openDatabase, type App } from '@marquee/server';

export interface SeededPlayer {
  playerId: string;
  screenId: string;
  /** The player's ID token (valid for an hour), presented in the realtime `auth` frame. */
  idToken: string;
}

/** What the schedules phases change: a group of every seeded screen, a playlist, and the screens' version. */
export interface ScheduleFixtures {
  groupId: string;
  playlistId: string;
  /** Every seeded screen's content version (pairing gives each the same). */
  version: number;
}

export interface SeedResult {
  players: SeededPlayer[];
  /** With `schedules`; else null. */
  schedules: ScheduleFixtures | null;
  /** The operator's ID token, for the management API. */
  operatorToken: string;
  orgId: string;
  seconds: number;
}

export interface SeedOptions {
  dataDir: string;
  /** PostgreSQL database to seed; absent: SQLite in dataDir. */
  databaseUrl?: string;
  count: number;
  /** Origin the server will have (written into each player's app/url, as pairing does). */
  publicUrl: string;
  /** Players seeded at once. */
  batchSize?: number;
  /** Called after each batch with the players seeded so far. */
  onProgress?: (done: number) => void;
  /** Also make the schedules phases' playlist and group. */
  schedules?: boolean;
}

export const OPERATOR_EMAIL = 'bench@marquee.test';
const OPERATOR_PASSWORD = 'bench-password-1';

/** Player ids are predictable, so that a run is easy to inspect: bench-000001… */
export function benchPlayerId(index: number): string {
  return `bench-${String(index + 1).padStart(6, '0')}`;
}

/** Who the seeding's changes are recorded as in the audit log. */
const seeder = (orgId: string) => ({
  orgId,
  actor: { kind: 'member' as const, id: 'bench', name: 'bench seeding' },
  ip: null,
});

async function seedPlayer(app: App, orgId: string, index: number): Promise<SeededPlayer> {
  const { players, screens, identity } = app.services;
  const request = RegistrationRequestSchema.parse({
    device: { id: benchPlayerId(index), model: 'bench', platform: 'bench' },
  });
  const { playerId, auth, pairingCode } = await players.register(request, null);
  if (pairingCode === null) throw new Error(`${playerId} was registered without a pairing code`);
  const screen = await screens.pair(seeder(orgId), { code: pairingCode });
  const rotated = await players.rotateCredentials(playerId, auth.secret);
  const session = await identity.signInWithCustomToken(rotated.firebaseTokenV2);
  return { playerId, screenId: screen.id, idToken: session.idToken };
}

async function scheduleFixtures(
  app: App,
  orgId: string,
  players: readonly SeededPlayer[],
): Promise<ScheduleFixtures> {
  const { playlists, groups, db } = app.services;
  const playlist = await playlists.create(seeder(orgId), {
    name: 'Bench menu',
    items: [{ src: 'https://example.com/bench-menu', durationMs: 10_000 }],
  });
  const group = await groups.create(seeder(orgId), {
    name: 'Every bench screen',
    screenIds: players.map((player) => player.screenId),
  });
  const versions = await db.selectFrom('screens').select('content_version').distinct().execute();
  if (versions.length !== 1) throw new Error(`seeded screens have versions ${JSON.stringify(versions)}`);
  return { groupId: group.id, playlistId: playlist.id, version: versions[0]!.content_version };
}

/** Connections of the PostgreSQL pool while seeding (the server's default is 10; seeding is all statements). */
const SEED_POOL_SIZE = 20;

/** Seeds `count` players into a fresh database; the database is closed again when this resolves. */
export async function seedPlayers(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const config = loadConfig(
    {
      MARQUEE_DATA_DIR: options.dataDir,
      MARQUEE_PUBLIC_URL: options.publicUrl,
      MARQUEE_LOG_LEVEL: 'warn',
      ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
    },
    options.dataDir,
  );
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: SEED_POOL_SIZE,
  });
  try {
    const app = await buildApp(config, { logger: false, database });
    try {
      const operator = await app.services.operators.signUp({
        email: OPERATOR_EMAIL,
        password: OPERATOR_PASSWORD,
        orgName: 'Marquee bench',
      });
      if (operator.org === null) throw new Error('operator sign-up made no organisation');
      const orgId = operator.org.id;
      const batchSize = options.batchSize ?? 500;
      const players: SeededPlayer[] = [];
      for (let first = 0; first < options.count; first += batchSize) {
        const indices = Array.from(
          { length: Math.min(batchSize, options.count - first) },
          (_, k) => first + k,
        );
        players.push(...(await Promise.all(indices.map((index) => seedPlayer(app, orgId, index)))));
        await app.services.documents.drain();
        options.onProgress?.(players.length);
      }
      return {
        players,
        schedules: options.schedules === true ? await scheduleFixtures(app, orgId, players) : null,
        operatorToken: operator.idToken,
        orgId,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
