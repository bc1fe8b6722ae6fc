// SQLite's WAL checkpoints on a thread of their own once the node writes in earnest. In WAL mode every commit appends
// the pages it changed to the -wal file, and a checkpoint copies them back into the database file (then syncs it).
// SQLite runs that copy on the connection that committed, so on the event loop: with 20,000 players writing, each
// write changes a page of its own and the copying took half of SQLite's time on the main thread (a throwaway
// measurement of the group commit's statements at 30,000 writes/s: 14 µs of main thread per write with SQLite's
// checkpoints, 7 µs with them on a thread; the work is the same, moved to the machine's other core).
//
// Until the realtime store has committed START_AFTER_WRITES writes (realtime/sqliteGroupCommit.ts), nothing changes:
// the thread is not worth its start for a node that writes little (a test, a small fleet). Then a worker opens its own
// connection to the file and runs a PASSIVE checkpoint at most every CHECKPOINT_INTERVAL_MS while commits go on; it
// copies what was committed before it began and never blocks a writer. A checkpoint racing constant commits may
// never leave the WAL fully copied, and only then does the next commit start the file over: once the thread finds
// the WAL past CATCH_UP_PAGES, it is asked nothing more and the main connection, after its next commit, copies the
// rest itself (what came since the thread's last pass), so the WAL starts over. Not a RESTART on the thread: it
// waits for the writer with SQLite's busy handler, sleeping whole milliseconds, and a node committing batch after
// batch never left it the lock (the WAL grew to 400–700 MB in the test that found it). The main connection's
// automatic checkpoint stays as a backstop at BACKSTOP_PAGES; if the thread fails, the node logs it and goes back
// to SQLite's default on the main connection.

import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** Realtime writes committed before the checkpoints move to their thread. */
export const START_AFTER_WRITES = 1000;
/**
 * Least time between two checkpoints the node asks for while it commits. Each pass syncs both files and copies every
 * page committed since the last one, so a page a fleet writes a few times a second was copied at each pass: in the
 * throwaway measurement, the process's CPU per write was 13.9 µs at 20 ms, 10.9 µs at 100 ms (11.4 µs with SQLite's
 * own checkpoints on the main connection), on a machine whose two cores the server shares.
 */
export const CHECKPOINT_INTERVAL_MS = 100;
/** WAL pages past which the main connection finishes the copy itself, so the file starts over (16 MiB of 4 KiB). */
export const CATCH_UP_PAGES = 4096;
/** The main connection's own automatic checkpoint once the thread runs: only if the thread falls far behind. */
export const BACKSTOP_PAGES = 16_384;
/** SQLite's default automatic checkpoint, restored if the thread fails. */
const SQLITE_DEFAULT_PAGES = 1000;

/** What the thread answers for one checkpoint (SQLite's wal_checkpoint row), or why it could not. */
interface CheckpointAnswer {
  /** 'open': the thread could not open the database. */
  mode: 'PASSIVE' | 'open';
  /** Pages in the WAL. */
  log?: number;
  error?: string;
}

/**
 * The thread's whole program (CommonJS, run with `eval`: the same text works from the sources under test and from
 * the server's bundle, which has no file of its own for it). It checkpoints in the mode it is sent.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const messageOf = (error) => String((error && error.message) || (error && error.code) || error);
let db = null;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ mode: 'open', error: 'cannot open ' + workerData.file + ': ' + messageOf(error) });
  parentPort.close();
}
if (db !== null) {
  parentPort.on('message', (mode) => {
    if (mode === 'close') {
      db.close();
      parentPort.close();
      return;
    }
    try {
      const [row] = db.pragma('wal_checkpoint(' + mode + ')');
      parentPort.postMessage({ mode, log: row.log });
    } catch (error) {
      parentPort.postMessage({ mode, error: messageOf(error) });
    }
  });
}
`;

export interface WalCheckpointerOptions {
  /** Told when the thread failed and the main connection checkpoints again. */
  onError?: (error: Error) => void;
}

export interface WalCheckpointStats {
  state: 'waiting' | 'starting' | 'running' | 'failed' | 'closed';
  /** Checkpoints the thread ran; copies the main connection finished itself for the WAL to start over. */
  checkpoints: number;
  catchUps: number;
  /** The WAL's size in pages at the thread's last checkpoint. */
  lastLogPages: number;
}

export class WalCheckpointer {
  private state: WalCheckpointStats['state'] = 'waiting';
  private written = 0;
  private worker: Worker | null = null;
  private inFlight = false;
  private wanted = false;
  /** The thread found the WAL long: the main connection finishes the copy after its next commit. */
  private catchUp = false;
  private lastAsked = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private checkpoints = 0;
  private catchUps = 0;
  private lastLogPages = 0;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly file: string,
    private readonly options: WalCheckpointerOptions = {},
  ) {}

  /** The realtime store committed a batch of `writes` writes: a checkpoint is due soon. */
  committed(writes: number): void {
    if (this.state === 'waiting') {
      this.written += writes;
      if (this.written >= START_AFTER_WRITES) this.start();
    } else if (this.state === 'running') {
      if (this.catchUp) this.catchUpHere();
      else this.ask();
    }
  }

  stats(): WalCheckpointStats {
    const { state, checkpoints, catchUps, lastLogPages } = this;
    return { state, checkpoints, catchUps, lastLogPages };
  }

  /** Ends the thread (its last checkpoint finished first); the main connection is closed after this. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.state = 'closed';
    this.clearTimer();
    this.worker = null;
    if (worker === null) return;
    // Held by the close: unref'd, a process with nothing else to do would exit before the thread did, in the middle
    // of an awaited close (a seeding script ended silently, its work after the close undone).
    worker.ref();
    const exited = once(worker, 'exit');
    worker.postMessage('close');
    await exited;
  }

  private start(): void {
    this.state = 'starting';
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Not the process's flags: an --import (a profiler, a loader) or --input-type would run in the thread too.
      execArgv: [],
      workerData: {
        file: this.file,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        busyTimeoutMs: this.sqlite.pragma('busy_timeout', { simple: true }) as number,
      },
    });
    this.worker = worker;
    // Never what keeps the process alive: a database left open does not hold a test run or a stopping server.
    worker.unref();
    worker.on('message', (message: { ready?: true } & CheckpointAnswer) => {
      if (message.ready === true) this.ready();
      else this.answered(message);
    });
    // Thrown in the thread and copied across: may have lost its class and message on the way.
    worker.on('error', (error: unknown) =>
      this.fail(
        error instanceof Error && error.message !== ''
          ? error
          : new Error(`SQLite checkpoint thread: ${String(error)}`),
      ),
    );
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`The SQLite checkpoint thread exited (code ${code})`));
    });
  }

  private ready(): void {
    if (this.state !== 'starting') return;
    this.state = 'running';
    this.sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    this.ask();
  }

  /** A checkpoint now, or once the one running answered and the interval has passed. */
  private ask(): void {
    if (this.inFlight || this.timer !== null) {
      this.wanted = true;
      return;
    }
    const wait = this.lastAsked + CHECKPOINT_INTERVAL_MS - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
      this.timer.unref();
      return;
    }
    this.send();
  }

  private send(): void {
    if (this.state !== 'running' || this.worker === null) return;
    this.inFlight = true;
    this.wanted = false;
    this.lastAsked = performance.now();
    this.worker.postMessage('PASSIVE');
  }

  private answered(answer: CheckpointAnswer): void {
    this.inFlight = false;
    if (answer.error !== undefined) {
      this.fail(new Error(`SQLite checkpoint thread (${answer.mode}): ${answer.error}`));
      return;
    }
    if (this.state !== 'running') return;
    this.checkpoints++;
    this.lastLogPages = answer.log ?? 0;
    if (this.lastLogPages >= CATCH_UP_PAGES) this.catchUp = true;
    else if (this.wanted) this.ask();
  }

  /**
   * Between two commits, the thread idle: the main connection copies what the thread has not, a PASSIVE checkpoint
   * that finds no other writer and so completes, and the next commit starts the WAL over.
   */
  private catchUpHere(): void {
    if (this.inFlight || this.sqlite.inTransaction) return;
    const [row] = this.sqlite.pragma('wal_checkpoint(PASSIVE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    if (row === undefined || row.busy !== 0 || row.checkpointed < row.log) return;
    this.catchUp = false;
    this.catchUps++;
    this.lastLogPages = row.log;
  }

  private fail(error: Error): void {
    if (this.state === 'failed' || this.state === 'closed') return;
    this.state = 'failed';
    this.clearTimer();
    const worker = this.worker;
    this.worker = null;
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    void worker?.terminate();
    this.options.onError?.(error);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
