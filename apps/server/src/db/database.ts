// Opens the relational store: SQLite (better-sqlite3, WAL) in the data folder by default, PostgreSQL when a
// DATABASE_URL is given (docs/deployment.md §Run N nodes). Everything above this file talks Kysely and works on
// both.

import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { CooperativeDriver } from './cooperativeDriver';
import { WalCheckpointer } from './walCheckpointer';
import type { Database } from './schema';

export type DatabaseDialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  /**
   * The raw better-sqlite3 connection on SQLite (the one Kysely uses), for the realtime store's group commit,
   * which runs a batch of writes in one synchronous transaction. Undefined on PostgreSQL.
   */
  sqlite?: BetterSqlite3.Database;
  /** On SQLite, the WAL checkpoints' own thread, told of the realtime store's commits (walCheckpointer.ts). */
  walCheckpoints?: WalCheckpointer;
  /**
   * For the node's liveness (its lease, realtime/nodeLease.ts): on PostgreSQL a connection of its own, which never
   * waits in line behind the pool's queue (a reconnecting fleet can queue thousands of statements there, and a
   * renewal late past the lease makes the other nodes run this node's armed actions). Absent on SQLite, which one
   * node owns.
   */
  liveness?: Kysely<Database>;
  /** Closes every connection; committed writes are durable once this resolves. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when null or absent, SQLite in dataDir. */
  databaseUrl?: string | null;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  /** PostgreSQL pool size (default DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** Called with errors of idle PostgreSQL connections (which would otherwise crash the process). */
  onPoolError?: (error: Error) => void;
  /** Called when SQLite's checkpoint thread failed and the main connection checkpoints again (walCheckpointer.ts). */
  onCheckpointError?: (error: Error) => void;
}

export const DEFAULT_SQLITE_FILE = 'marquee.sqlite';
/**
 * PostgreSQL connections per node. Up to four hold a realtime write batch each (realtime/postgresGroupCommit.ts),
 * and every turn of the event loop a reconnecting fleet sends a statement of each kind it batches by turn
 * (accounts, documents, onDisconnect rows: db/postgresTurnBatch.ts): with 10, three nodes took 18.4–18.5 s to get
 * 20,000 screens back, with 20 16.6 s, with 30 15.4–17.2 s (docs/deployment.md §PostgreSQL).
 */
export const DEFAULT_POOL_SIZE = 20;
const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 behind Kysely's SqliteDatabase interface, with a cache of prepared statements: Kysely prepares
 * every query afresh, and the hot paths (realtime writes) repeat the same few statements thousands of times a
 * second. Statements are only run through all()/run(), which finish synchronously, so sharing one is safe.
 */
function cachingSqlite(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}

/** Kysely's SQLite dialect whose queries give the event loop a turn now and then (cooperativeDriver.ts). */
class CooperativeSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new CooperativeDriver(super.createDriver());
  }
}

function openSqlite(options: OpenDatabaseOptions): DatabaseHandle {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? DEFAULT_SQLITE_FILE);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a crash of the process; only a power cut can lose the last commits,
  // and it keeps thousands of acknowledged writes per second possible.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new CooperativeSqliteDialect({ database: cachingSqlite(sqlite) }),
  });
  const walCheckpoints = new WalCheckpointer(sqlite, file, { onError: options.onCheckpointError });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    sqlite,
    walCheckpoints,
    async close() {
      await walCheckpoints.close();
      await db.destroy();
    },
  };
}

// int8 (bigint) columns hold epoch milliseconds and revisions, all far below 2^53: read them as numbers.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    types: pgTypes,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const livenessPool = new pg.Pool({ connectionString: url, max: 1, types: pgTypes });
  livenessPool.on('error', (error) => options.onPoolError?.(error));
  const liveness = new Kysely<Database>({ dialect: new PostgresDialect({ pool: livenessPool }) });
  return {
    db,
    dialect: 'postgres',
    location: redactUrl(url),
    liveness,
    async close() {
      await Promise.all([db.destroy(), liveness.destroy()]);
    },
  };
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options);
}

/** True for a violated unique or primary-key constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
