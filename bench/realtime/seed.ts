// Seeds the benchmark's players BEFORE the server processes start, in the database they will open (SQLite in the
// data folder, or PostgreSQL at a DATABASE_URL), with the server's own modules (buildApp without listening): an operator signs up through the management API
// (app.inject), each player is registered through PlayerService, paired to a screen of the operator's organisation
// with the rows and the document update POST /api/v1/screens/pair writes (minus its reset_credentials flag, which a
// real player would answer by rotating its credentials), and signed in through IdentityService
// .signInWithCustomToken in-process (the HTTP sign-in is rate limited per address). On SQLite each batch of players
// is one transaction (one connection: everything between BEGIN and COMMIT is the batch); on PostgreSQL the services
// take pooled connections, so each statement commits on its own and the pool runs them side by side. The players of
// a batch are seeded concurrently, so token signing overlaps the statements.

import { sql } from 'kysely';
import { DEFAULT_PLAYER_NAME, RegistrationRequestSchema } from '@marquee/protocol';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { contentPlayerUrl } from '../../apps/server/src/hosting/runtimeConfig';
import { newId } from '../../apps/server/src/ids';
import { emptyContent, manifestOf } from '../../apps/server/src/management/content';
import { parseScreenSettings } from '../../apps/server/src/management/screenRecords';
import { playerDocPath } from '../../apps/server/src/players/playerService';

export interface SeededPlayer {
  playerId: string;
  screenId: string;
  /** The player's ID token (valid for an hour), presented in the realtime `auth` frame. */
  idToken: string;
}

export interface SeedResult {
  players: SeededPlayer[];
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
  /** Players seeded at once (on SQLite, per transaction). */
  batchSize?: number;
  /** Called after each batch with the players seeded so far. */
  onProgress?: (done: number) => void;
}

export const OPERATOR_EMAIL = 'bench@marquee.test';
const OPERATOR_PASSWORD = 'bench-password-1';

/** Player ids are predictable, so that a run is easy to inspect: bench-000001… */
export function benchPlayerId(index: number): string {
  return `bench-${String(index + 1).padStart(6, '0')}`;
}

async function signUpOperator(app: App): Promise<{ token: string; orgId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD, orgName: 'Marquee bench' },
  });
  if (response.statusCode !== 201) {
    throw new Error(`operator sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const session = response.json<{ idToken: string; org: { id: string } | null }>();
  if (session.org === null) throw new Error('operator sign-up made no organisation');
  return { token: session.idToken, orgId: session.org.id };
}

async function seedPlayer(app: App, orgId: string, index: number): Promise<SeededPlayer> {
  const { players, identity, db, documents, clock, config } = app.services;
  const request = RegistrationRequestSchema.parse({
    device: { id: benchPlayerId(index), model: 'bench', platform: 'bench' },
  });
  const { playerId, auth } = await players.register(request, null);

  const now = clock();
  const screenId = newId(now);
  const content = emptyContent();
  await db
    .updateTable('players')
    .set({ pairing_code: null, screen_id: screenId, org_id: orgId, updated_at: now })
    .where('id', '=', playerId)
    .execute();
  await db
    .insertInto('screens')
    .values({
      id: screenId,
      org_id: orgId,
      name: DEFAULT_PLAYER_NAME,
      content: JSON.stringify(content),
      settings: JSON.stringify(parseScreenSettings(JSON.stringify(request.settings))),
      player_id: playerId,
      content_version: content.version,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await documents.update(playerDocPath(playerId), {
    'pairing/code': null,
    'app/url': contentPlayerUrl(config),
    'app/data': manifestOf(content),
  });

  const session = await identity.signInWithCustomToken(auth.firebaseTokenV2);
  return { playerId, screenId, idToken: session.idToken };
}

/** Connections of the PostgreSQL pool while seeding (the server's default is 10; seeding is all statements). */
const SEED_POOL_SIZE = 20;

async function inBatch(app: App, work: () => Promise<void>): Promise<void> {
  const { database, db } = app.services;
  if (database.dialect !== 'sqlite') {
    await work();
    return;
  }
  await sql`begin`.execute(db);
  try {
    await work();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

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
      const operator = await signUpOperator(app);
      const batchSize = options.batchSize ?? 500;
      const players: SeededPlayer[] = [];
      for (let first = 0; first < options.count; first += batchSize) {
        const indices = Array.from(
          { length: Math.min(batchSize, options.count - first) },
          (_, k) => first + k,
        );
        await inBatch(app, async () => {
          players.push(
            ...(await Promise.all(indices.map((index) => seedPlayer(app, operator.orgId, index)))),
          );
          await app.services.documents.drain();
        });
        options.onProgress?.(players.length);
      }
      return {
        players,
        operatorToken: operator.token,
        orgId: operator.orgId,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
