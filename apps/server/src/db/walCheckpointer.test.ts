// SQLite's WAL checkpoints on their own thread (walCheckpointer.ts), on a real database file: the thread starts only
// once the realtime store writes in earnest, keeps the WAL short with the main connection's own checkpoint held back,
// loses nothing, makes the WAL start over under commits that never pause, ends with the database, and when it fails
// the main connection checkpoints again.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/harness/databases';
import { InProcessPubSub } from '../realtime/pubsub';
import { DocumentStore } from '../realtime/documentStore';
import { openDatabase, DEFAULT_SQLITE_FILE, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrations';
import { BACKSTOP_PAGES, START_AFTER_WRITES } from './walCheckpointer';

const ROWS = 20_000;
const PAGE_BYTES = 4096;

let dataDir: string;
let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function open(): DatabaseHandle {
  const errors: Error[] = [];
  database = openDatabase({ dataDir, onCheckpointError: (error) => errors.push(error) });
  return Object.assign(database, { errors });
}

/** A table of ROWS rows of ~600 bytes: a batch of random updates changes a page per row, as a fleet's writes do. */
function seed(handle: DatabaseHandle): void {
  const sqlite = handle.sqlite!;
  sqlite.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO rows (id, value) VALUES (?, ?)');
  sqlite.transaction(() => {
    for (let id = 0; id < ROWS; id++) insert.run(id, `${id}:`.padEnd(600, '.'));
  })();
}

/** `batches` transactions of `size` random rows each, a turn of the event loop after each, told as the store tells. */
async function write(handle: DatabaseHandle, batches: number, size: number, round: number): Promise<void> {
  const sqlite = handle.sqlite!;
  const update = sqlite.prepare('UPDATE rows SET value = ? WHERE id = ?');
  const batch = sqlite.transaction((ids: number[]) => {
    for (const id of ids) update.run(`${id}:${round}`.padEnd(600, '.'), id);
  });
  for (let n = 0; n < batches; n++) {
    const ids = Array.from({ length: size }, (_, k) => (n * 7919 + k * 104_729) % ROWS);
    const checkpoints = handle.walCheckpoints!.stats();
    batch(ids);
    handle.walCheckpoints!.committed(size);
    // A steady writer, as a node's store is between batches: a turn, and the thread's answer if one is due (briefly:
    // on a loaded machine the thread may lag, and the backstop is what the test must not reach).
    const until = performance.now() + 200;
    do await new Promise((resolve) => setTimeout(resolve, 2));
    while (
      checkpoints.state === 'running' &&
      handle.walCheckpoints!.stats().checkpoints === checkpoints.checkpoints &&
      performance.now() < until
    );
  }
}

const walPages = () => fs.statSync(path.join(dataDir, `${DEFAULT_SQLITE_FILE}-wal`)).size / PAGE_BYTES;
const autoCheckpoint = (handle: DatabaseHandle) =>
  handle.sqlite!.pragma('wal_autocheckpoint', { simple: true }) as number;

it('leaves checkpoints to SQLite on the main connection while the node writes little', async () => {
  dataDir = tempDir();
  const handle = open();
  seed(handle);
  await write(handle, 2, START_AFTER_WRITES / 4, 1);
  expect(handle.walCheckpoints!.stats().state).toBe('waiting');
  expect(autoCheckpoint(handle)).toBe(1000);
});

it('checkpoints on its own thread once the node writes in earnest: the WAL stays short and nothing is lost', async () => {
  dataDir = tempDir();
  const handle = open();
  seed(handle);
  // Some 300 pages a batch: 80 batches append about 1.5 times the main connection's backstop to the WAL.
  await write(handle, 80, 500, 1);
  const stats = handle.walCheckpoints!.stats();
  expect(stats.state).toBe('running');
  expect(stats.checkpoints).toBeGreaterThan(5);
  // The main connection no longer checkpoints below the backstop, yet the WAL never grew near it: the thread did.
  expect(autoCheckpoint(handle)).toBe(BACKSTOP_PAGES);
  expect(walPages()).toBeLessThan(BACKSTOP_PAGES / 2);

  await handle.close();
  database = undefined;
  expect(handle.walCheckpoints!.stats().state).toBe('closed');
  const reopened = open();
  const rows = reopened.sqlite!.prepare('SELECT id, value FROM rows').all() as {
    id: number;
    value: string;
  }[];
  const written = new Set(
    Array.from({ length: 80 * 500 }, (_, i) => (Math.floor(i / 500) * 7919 + (i % 500) * 104_729) % ROWS),
  );
  expect(rows).toHaveLength(ROWS);
  for (const row of rows) {
    expect(row.value.startsWith(written.has(row.id) ? `${row.id}:1.` : `${row.id}:.`)).toBe(true);
  }
  expect((reopened as DatabaseHandle & { errors: Error[] }).errors).toEqual([]);
});

it('starts with the realtime store: a thousand writes through the group commit start the thread', async () => {
  dataDir = tempDir();
  const handle = open();
  await migrateToLatest(handle.db, handle.dialect);
  const store = new DocumentStore({ database: handle, pubsub: new InProcessPubSub() });
  await Promise.all(Array.from({ length: START_AFTER_WRITES }, (_, k) => store.set(`players/p${k}/n`, k)));
  await expect.poll(() => handle.walCheckpoints!.stats().checkpoints, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(autoCheckpoint(handle)).toBe(BACKSTOP_PAGES);
});

it("goes back to SQLite's own checkpoints, and says so, when the thread cannot work", async () => {
  dataDir = tempDir();
  const handle = open() as DatabaseHandle & { errors: Error[] };
  seed(handle);
  // The thread opens the file by its name: gone, the thread fails; the main connection keeps its open file.
  const moved = tempDir();
  fs.renameSync(path.join(dataDir, DEFAULT_SQLITE_FILE), path.join(moved, DEFAULT_SQLITE_FILE));
  try {
    await write(handle, 3, START_AFTER_WRITES / 2, 1);
    await expect.poll(() => handle.walCheckpoints!.stats().state, { timeout: 10_000 }).toBe('failed');
    expect(handle.errors).toHaveLength(1);
    expect(handle.errors[0]!.message).toMatch(/unable to open|does not exist|no such file/i);
    expect(autoCheckpoint(handle)).toBe(1000);
    await write(handle, 2, 100, 2);
    expect(handle.sqlite!.prepare('SELECT value FROM rows WHERE id = 0').pluck().get()).toMatch(/^0:2\./);
  } finally {
    fs.renameSync(path.join(moved, DEFAULT_SQLITE_FILE), path.join(dataDir, DEFAULT_SQLITE_FILE));
    fs.rmSync(moved, { recursive: true, force: true });
  }
});

it('makes the WAL start over when commits never pause long enough for a checkpoint to catch up', async () => {
  dataDir = tempDir();
  const handle = open();
  seed(handle);
  const sqlite = handle.sqlite!;
  const update = sqlite.prepare('UPDATE rows SET value = ? WHERE id = ?');
  const batch = sqlite.transaction((round: number) => {
    for (let k = 0; k < 4000; k++)
      update.run(`${k}:${round}`.padEnd(600, '.'), (round * 4001 + k * 7) % ROWS);
  });
  const rounds = 60;
  for (let round = 0; round < rounds; round++) {
    batch(round);
    handle.walCheckpoints!.committed(4000);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Each batch appends some 3,000 pages, 180,000 in all: a WAL that never started over would hold them all (the
  // thread's RESTART never got the lock and the file grew to 100,000–180,000 pages). The file keeps its largest size:
  // 18,000–25,000 pages on a quiet machine, up to 37,000 beside the e2e suite, where the thread's pass takes seconds
  // while commits go on (the main connection cannot checkpoint during it).
  expect(handle.walCheckpoints!.stats().catchUps).toBeGreaterThan(0);
  expect(walPages()).toBeLessThan((rounds * 3000) / 3);
  expect(
    sqlite
      .prepare('SELECT value FROM rows WHERE id = ?')
      .pluck()
      .get((59 * 4001) % ROWS),
  ).toMatch(/^0:59\./);
});

it('holds the process until the thread has ended: the awaited close returns, and what follows it runs', () => {
  dataDir = tempDir();
  // A process of its own: in vitest's worker other handles keep the loop alive, and an early exit does not show. Its
  // flags (--input-type=module) would break the thread's CommonJS program if the thread took them.
  const script = `
    import { openDatabase } from ${JSON.stringify(new URL('./database.ts', import.meta.url).pathname)};
    const database = openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    database.sqlite.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
    database.sqlite.prepare('INSERT INTO rows (id, value) VALUES (1, ?)').run('one');
    database.walCheckpoints.committed(${START_AFTER_WRITES});
    while (database.walCheckpoints.stats().state !== 'running') await new Promise((resolve) => setTimeout(resolve, 10));
    await database.close();
    console.log('closed');
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.stderr).toBe('');
  expect(child.stdout.trim()).toBe('closed');
  expect(child.status).toBe(0);
  expect(fs.existsSync(path.join(dataDir, `${DEFAULT_SQLITE_FILE}-wal`))).toBe(false);
});
