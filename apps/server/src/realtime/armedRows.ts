// The rows of armed_disconnects that a node's live connections write (onDisconnect.ts): persisted when an action is
// armed, deleted when it is cancelled, claimed and deleted when its connection closes. Every connection of a
// reconnecting fleet does each of these, so they are written together, a turn of the event loop at a time: on SQLite
// in one transaction (db/sqliteTurnBatch.ts), with statements prepared once; on PostgreSQL as one statement per kind
// of call (db/postgresTurnBatch.ts). Reads and the rare adoption of a dead node's rows stay in onDisconnect.ts.

import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { statementPerTurn } from '../db/postgresTurnBatch';
import { SqliteTurnBatch } from '../db/sqliteTurnBatch';

/** One row of armed_disconnects as written. */
export interface ArmedRow {
  id: string;
  node_id: string;
  connection_id: string;
  player_id: string | null;
  path: string;
  /** JSON of the action (onDisconnect.ts StoredOp). */
  op: string;
  created_at: number;
}

export interface ArmedRows {
  /** Inserts the rows; a row already there (persisted again after a lost lease) is taken back by its node. */
  persist(rows: readonly ArmedRow[]): Promise<void>;
  /** Deletes the rows of these action ids. */
  cancel(ids: readonly string[]): Promise<void>;
  /** Renames the node of the connection's rows to `claim` (they are being run). */
  claim(connectionId: string, claim: string): Promise<void>;
  /** Deletes the connection's rows. */
  deleteConnection(connectionId: string): Promise<void>;
}

/** A connection's claim (ArmedRows.claim). */
interface Claim {
  connectionId: string;
  claim: string;
}

/** PostgreSQL: the calls of one turn, one statement per kind (postgresTurnBatch.ts). */
export class PostgresArmedRows implements ArmedRows {
  private readonly inserts: (rows: readonly ArmedRow[]) => Promise<void>;
  private readonly cancels: (ids: readonly string[]) => Promise<void>;
  private readonly claims: (claim: Claim) => Promise<void>;
  private readonly deletes: (connectionId: string) => Promise<void>;

  constructor(db: Kysely<Database>) {
    this.inserts = statementPerTurn(async (calls: readonly (readonly ArmedRow[])[]) => {
      // A row persisted twice in one turn is written once, as last persisted (one statement cannot upsert a row
      // twice).
      const rows = new Map<string, ArmedRow>();
      for (const call of calls) for (const row of call) rows.set(row.id, row);
      await db
        .insertInto('armed_disconnects')
        .values([...rows.values()])
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({ node_id: eb.ref('excluded.node_id') })),
        )
        .execute();
    });
    this.cancels = statementPerTurn(async (calls: readonly (readonly string[])[]) => {
      await db
        .deleteFrom('armed_disconnects')
        .where('id', '=', (eb) => eb.fn.any(eb.val(calls.flat())))
        .execute();
    });
    this.claims = statementPerTurn(async (calls: readonly Claim[]) => {
      const claims = new Map(calls.map((call) => [call.connectionId, call.claim]));
      await sql`
        UPDATE armed_disconnects AS a SET node_id = c.claim
        FROM unnest(${[...claims.keys()]}::text[], ${[...claims.values()]}::text[]) AS c(connection_id, claim)
        WHERE a.connection_id = c.connection_id`.execute(db);
    });
    this.deletes = statementPerTurn(async (connectionIds: readonly string[]) => {
      await db
        .deleteFrom('armed_disconnects')
        .where('connection_id', '=', (eb) => eb.fn.any(eb.val(connectionIds)))
        .execute();
    });
  }

  persist(rows: readonly ArmedRow[]): Promise<void> {
    return rows.length === 0 ? Promise.resolve() : this.inserts(rows);
  }

  cancel(ids: readonly string[]): Promise<void> {
    return ids.length === 0 ? Promise.resolve() : this.cancels(ids);
  }

  claim(connectionId: string, claim: string): Promise<void> {
    return this.claims({ connectionId, claim });
  }

  deleteConnection(connectionId: string): Promise<void> {
    return this.deletes(connectionId);
  }
}

interface SqliteStatements {
  insert: BetterSqlite3.Statement<[string, string, string, string | null, string, string, number]>;
  deleteId: BetterSqlite3.Statement<[string]>;
  claim: BetterSqlite3.Statement<[string, string]>;
  deleteConnection: BetterSqlite3.Statement<[string]>;
}

/** SQLite: the calls of one turn committed in one transaction. */
export class SqliteArmedRows implements ArmedRows {
  private readonly batch: SqliteTurnBatch;
  private statements: SqliteStatements | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    this.batch = new SqliteTurnBatch(db as Kysely<unknown>, sqlite);
  }

  persist(rows: readonly ArmedRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return this.batch.run(() => {
      const { insert } = this.prepared();
      for (const row of rows) {
        insert.run(row.id, row.node_id, row.connection_id, row.player_id, row.path, row.op, row.created_at);
      }
    });
  }

  cancel(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.batch.run(() => {
      const { deleteId } = this.prepared();
      for (const id of ids) deleteId.run(id);
    });
  }

  claim(connectionId: string, claim: string): Promise<void> {
    return this.batch.run(() => void this.prepared().claim.run(claim, connectionId));
  }

  deleteConnection(connectionId: string): Promise<void> {
    return this.batch.run(() => void this.prepared().deleteConnection.run(connectionId));
  }

  /** Resolves once every call made so far has been committed. */
  drain(): Promise<void> {
    return this.batch.drain();
  }

  private prepared(): SqliteStatements {
    return (this.statements ??= {
      insert: this.sqlite.prepare(
        'INSERT INTO armed_disconnects (id, node_id, connection_id, player_id, path, op, created_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET node_id = excluded.node_id',
      ),
      deleteId: this.sqlite.prepare('DELETE FROM armed_disconnects WHERE id = ?'),
      claim: this.sqlite.prepare('UPDATE armed_disconnects SET node_id = ? WHERE connection_id = ?'),
      deleteConnection: this.sqlite.prepare('DELETE FROM armed_disconnects WHERE connection_id = ?'),
    });
  }
}

/** The variant for the database: a transaction per turn on SQLite, a statement per kind and turn on PostgreSQL. */
export function armedRowsFor(database: Pick<DatabaseHandle, 'db' | 'sqlite'>): ArmedRows {
  return database.sqlite === undefined
    ? new PostgresArmedRows(database.db)
    : new SqliteArmedRows(database.db, database.sqlite);
}
