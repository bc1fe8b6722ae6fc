// Runs a storage test suite against both engines: a fresh SQLite file in a temporary folder, and a fresh database
// on a PostgreSQL the harness starts itself (postgres.ts). Missing PostgreSQL binaries fail the suite loudly: the
// storage layer is only tested when it is tested on both.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type DatabaseDialect, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrations';
import { startPostgres } from '@marquee/testbed';

const ENGINES: readonly DatabaseDialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database and deletes everything the harness created for it. */
  dispose(): Promise<void>;
}

export function tempDir(prefix = 'marquee-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fresh, migrated database on `engine`. */
export async function openTestDatabase(engine: DatabaseDialect, migrate = true): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dataDir = tempDir();
    const handle = openDatabase({ dataDir });
    if (migrate) await migrateToLatest(handle.db, handle.dialect);
    return {
      handle,
      async dispose() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const server = await startPostgres();
  // Media would live here; the database is the server's.
  const dataDir = tempDir();
  const removeAll = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const handle = openDatabase({ databaseUrl: await server.createDatabase(), dataDir });
    if (migrate) await migrateToLatest(handle.db, handle.dialect);
    return {
      handle,
      async dispose() {
        await handle.close();
        await removeAll();
      },
    };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/**
 * `describe`s `suite` once per engine, titled '{title} (sqlite)' and '{title} (postgres)'. The suite gets a getter
 * for the engine's database (fresh and migrated, shared by the suite's tests) and the engine's name.
 */
export function describeOnBothEngines(
  title: string,
  suite: (database: () => DatabaseHandle, engine: DatabaseDialect) => void,
): void {
  describe.each(ENGINES)(`${title} (%s)`, (engine) => {
    let testDatabase: TestDatabase | undefined;
    beforeAll(async () => {
      testDatabase = await openTestDatabase(engine);
    });
    afterAll(async () => {
      await testDatabase?.dispose();
    });
    suite(() => {
      if (testDatabase === undefined) throw new Error(`the ${engine} test database did not open`);
      return testDatabase.handle;
    }, engine);
  });
}
