// The device's buffer of plays (docs/proof-of-play.md §Buffer), in IndexedDB in the content frame's origin:
// every finished play until the server has it, the play on screen now (so a player that dies leaves it to be closed
// at the next start), and hourly counts folded from plays a full buffer could not keep one by one.
//
// Full means more than `cap` plays. Room is made down to 90 % of the cap in one go (not one row per new play):
// uploaded plays go first, oldest first; if that is not enough, the oldest plays not uploaded yet are folded into
// hourly counts, which are few (items x hours) and kept until uploaded.

import type { FoldedPlays, PlayRecord } from '@marquee/protocol';
import { foldPlays } from './foldPlays';
import { openDatabase, requestResult, transactionDone } from './indexedDb';

/**
 * 14 days of 10-second items is 120,960 plays; the cap keeps about 16 days of that, and far longer for a screen
 * with longer items. Measured in Chromium: about 620 bytes a row with its index, some 87 MB at the cap.
 */
export const PLAY_BUFFER_CAP = 140_000;
/** Room made at once when full: down to this share of the cap. */
const ROOM_SHARE = 0.9;

export const PLAY_DATABASE = 'marquee-plays';
const PLAYS = 'plays';
const FOLDS = 'folds';
const OPEN = 'open';
const BY_STATE = 'byState';
const OPEN_KEY = 'current';

/** 0 while the server does not have it, 1 once it does (IndexedDB cannot index booleans). */
type Sent = 0 | 1;
interface PlayRow {
  playId: string;
  sent: Sent;
  startedAt: number;
  record: PlayRecord;
}
interface FoldRow {
  foldId: string;
  sent: Sent;
  hourStart: number;
  fold: FoldedPlays;
}

export interface PendingPlays {
  plays: PlayRecord[];
  folded: FoldedPlays[];
}

export interface PlayBufferCounts {
  /** Plays kept, uploaded or not. */
  plays: number;
  /** Plays and folds waiting for upload. */
  pendingPlays: number;
  pendingFolds: number;
}

export interface PlayBufferOptions {
  factory?: IDBFactory;
  cap?: number;
  newId: () => string;
  name?: string;
}

const pendingRange = (sent: Sent) => IDBKeyRange.bound([sent, -Infinity], [sent, Infinity]);

export class PlayBuffer {
  private constructor(
    private readonly db: IDBDatabase,
    private readonly cap: number,
    private readonly newId: () => string,
    private counts: PlayBufferCounts,
  ) {}

  static async open({
    factory = indexedDB,
    cap = PLAY_BUFFER_CAP,
    newId,
    name = PLAY_DATABASE,
  }: PlayBufferOptions): Promise<PlayBuffer> {
    const db = await openDatabase(factory, name, 1, (created) => {
      created.createObjectStore(PLAYS, { keyPath: 'playId' }).createIndex(BY_STATE, ['sent', 'startedAt']);
      created.createObjectStore(FOLDS, { keyPath: 'foldId' }).createIndex(BY_STATE, ['sent', 'hourStart']);
      created.createObjectStore(OPEN);
    });
    const transaction = db.transaction([PLAYS, FOLDS], 'readonly');
    const [plays, pendingPlays, pendingFolds] = await Promise.all([
      requestResult(transaction.objectStore(PLAYS).count()),
      requestResult(transaction.objectStore(PLAYS).index(BY_STATE).count(pendingRange(0))),
      requestResult(transaction.objectStore(FOLDS).index(BY_STATE).count(pendingRange(0))),
    ]);
    return new PlayBuffer(db, cap, newId, { plays, pendingPlays, pendingFolds });
  }

  close(): void {
    this.db.close();
  }

  /** Counts kept in memory (the buffer is this page's alone). */
  get size(): PlayBufferCounts {
    return { ...this.counts };
  }

  /** The play on screen now, kept until it is finished (null: nothing on screen). */
  async setOpen(record: PlayRecord | null): Promise<void> {
    const transaction = this.db.transaction(OPEN, 'readwrite');
    const store = transaction.objectStore(OPEN);
    if (record === null) store.delete(OPEN_KEY);
    else store.put(record, OPEN_KEY);
    await transactionDone(transaction);
  }

  /** The play a previous page left open, removed from the buffer (the caller closes it). */
  async takeOpen(): Promise<PlayRecord | null> {
    const transaction = this.db.transaction(OPEN, 'readwrite');
    const store = transaction.objectStore(OPEN);
    const record = await requestResult(store.get(OPEN_KEY) as IDBRequest<PlayRecord | undefined>);
    store.delete(OPEN_KEY);
    await transactionDone(transaction);
    return record ?? null;
  }

  /** Stores a finished play (and clears the open one in the same step), making room when full. */
  async add(record: PlayRecord): Promise<void> {
    const transaction = this.db.transaction([PLAYS, OPEN], 'readwrite');
    const row: PlayRow = { playId: record.playId, sent: 0, startedAt: record.startedAt, record };
    const existed = await requestResult(transaction.objectStore(PLAYS).count(record.playId));
    transaction.objectStore(PLAYS).put(row);
    transaction.objectStore(OPEN).delete(OPEN_KEY);
    await transactionDone(transaction);
    if (existed === 0) {
      this.counts.plays += 1;
      this.counts.pendingPlays += 1;
    }
    if (this.counts.plays > this.cap) await this.makeRoom();
  }

  /** The oldest plays and folds waiting for upload. */
  async pending(maxPlays: number, maxFolds: number): Promise<PendingPlays> {
    const transaction = this.db.transaction([PLAYS, FOLDS], 'readonly');
    const [plays, folds] = await Promise.all([
      requestResult(
        transaction.objectStore(PLAYS).index(BY_STATE).getAll(pendingRange(0), maxPlays) as IDBRequest<
          PlayRow[]
        >,
      ),
      requestResult(
        transaction.objectStore(FOLDS).index(BY_STATE).getAll(pendingRange(0), maxFolds) as IDBRequest<
          FoldRow[]
        >,
      ),
    ]);
    return { plays: plays.map((row) => row.record), folded: folds.map((row) => row.fold) };
  }

  /** The server has these (stored, duplicates, or refused for good): kept as uploaded until room is needed. */
  async markUploaded(playIds: readonly string[], foldIds: readonly string[]): Promise<void> {
    const transaction = this.db.transaction([PLAYS, FOLDS], 'readwrite');
    let plays = 0;
    let folds = 0;
    const playStore = transaction.objectStore(PLAYS);
    for (const playId of playIds) {
      const request = playStore.get(playId) as IDBRequest<PlayRow | undefined>;
      request.onsuccess = () => {
        const row = request.result;
        if (row === undefined || row.sent === 1) return;
        plays += 1;
        playStore.put({ ...row, sent: 1 });
      };
    }
    // Folds are deleted once uploaded: nothing reads them again and they never make room.
    const foldStore = transaction.objectStore(FOLDS);
    for (const foldId of foldIds) {
      const request = foldStore.get(foldId) as IDBRequest<FoldRow | undefined>;
      request.onsuccess = () => {
        if (request.result?.sent !== 0) return;
        folds += 1;
        foldStore.delete(foldId);
      };
    }
    await transactionDone(transaction);
    this.counts.pendingPlays -= plays;
    this.counts.pendingFolds -= folds;
  }

  /** Deletes plays and folds outright (a batch the server refused as a whole). */
  async drop(playIds: readonly string[], foldIds: readonly string[]): Promise<void> {
    const transaction = this.db.transaction([PLAYS, FOLDS], 'readwrite');
    let plays = 0;
    let pendingPlays = 0;
    let pendingFolds = 0;
    for (const playId of playIds) {
      const request = transaction.objectStore(PLAYS).get(playId) as IDBRequest<PlayRow | undefined>;
      request.onsuccess = () => {
        if (request.result === undefined) return;
        plays += 1;
        if (request.result.sent === 0) pendingPlays += 1;
        transaction.objectStore(PLAYS).delete(playId);
      };
    }
    for (const foldId of foldIds) {
      const request = transaction.objectStore(FOLDS).get(foldId) as IDBRequest<FoldRow | undefined>;
      request.onsuccess = () => {
        if (request.result?.sent !== 0) return;
        pendingFolds += 1;
        transaction.objectStore(FOLDS).delete(foldId);
      };
    }
    await transactionDone(transaction);
    this.counts.plays -= plays;
    this.counts.pendingPlays -= pendingPlays;
    this.counts.pendingFolds -= pendingFolds;
  }

  /**
   * Down to ROOM_SHARE of the cap: uploaded plays first, oldest first, then the oldest unsent folded. Rows are read
   * in one request each (getAllKeys, getAll) rather than a cursor step a row: a cursor over 14,000 rows took
   * seconds in Chromium.
   */
  private async makeRoom(): Promise<void> {
    const target = Math.floor(this.cap * ROOM_SHARE);
    const transaction = this.db.transaction([PLAYS, FOLDS], 'readwrite');
    const plays = transaction.objectStore(PLAYS);
    const byState = plays.index(BY_STATE);
    const excess = this.counts.plays - target;
    const uploaded = await requestResult(byState.getAllKeys(pendingRange(1), excess));
    for (const key of uploaded) plays.delete(key);
    const oldest =
      excess > uploaded.length
        ? (
            await requestResult(
              byState.getAll(pendingRange(0), excess - uploaded.length) as IDBRequest<PlayRow[]>,
            )
          ).map((row) => row.record)
        : [];
    for (const record of oldest) plays.delete(record.playId);
    const folds = foldPlays(oldest, this.newId);
    for (const fold of folds) {
      transaction.objectStore(FOLDS).put({
        foldId: fold.foldId,
        sent: 0,
        hourStart: fold.hourStart,
        fold,
      } satisfies FoldRow);
    }
    await transactionDone(transaction);
    this.counts.plays -= uploaded.length + oldest.length;
    this.counts.pendingPlays -= oldest.length;
    this.counts.pendingFolds += folds.length;
  }
}
