// The rows of armed_disconnects that a node's live connections write (onDisconnect.ts): persisted when an action is
// armed, deleted when it is cancelled, claimed and deleted when its connection closes. Every connection of a
// reconnecting fleet does each of these, so on SQLite they are committed together, a turn of the event loop at a time
// (db/sqliteTurnBatch.ts), with statements prepared once; on PostgreSQL each is one statement on the pool, which
// already runs them side by side. Reads and the rare adoption of a dead node's rows stay in onDisconnect.ts.

import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
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

/** Each call one statement through Kysely: PostgreSQL, or any database without a raw SQLite connection. */
export class KyselyArmedRows implements ArmedRows {
  constructor(private readonly db: Kysely<Database>) {}

  async persist(rows: readonly ArmedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('armed_disconnects')
      .values([...rows])
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({ node_id: eb.ref('excluded.node_id') })),
      )
      .execute();
  }

  async cancel(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('armed_disconnects').where('id', 'in', ids).execute();
  }

  async claim(connectionId: string, claim: string): Promise<void> {
    await this.db
      .updateTable('armed_disconnects')
      .set({ node_id: claim })
      .where('connection_id', '=', connectionId)
      .execute();
  }

  async deleteConnection(connectionId: string): Promise<void> {
    await this.db.deleteFrom('armed_disconnects').where('connection_id', '=', connectionId).execute();
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

/** The variant for the database: batched on SQLite, statement by statement on PostgreSQL. */
export function armedRowsFor(database: Pick<DatabaseHandle, 'db' | 'sqlite'>): ArmedRows {
  return database.sqlite === undefined
    ? new KyselyArmedRows(database.db)
    : new SqliteArmedRows(database.db, database.sqlite);
}
