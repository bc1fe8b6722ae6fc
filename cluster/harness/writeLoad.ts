// Paced writers for the failure tests: players writing under their own writable branch (players/{id}/settings, see
// apps/server/src/realtime/rules.ts; a member the settings schema does not know is tolerated) through real realtime
// clients, every write with its own key, so that each acknowledgement can be checked against the database
// afterwards. One timer paces the whole load.

import { onValue, ref, update, type Database } from '@marquee/realtime';
import { openClient, readPlayerDocuments, type Conditions, type LogBook, type PlayerIdentity } from './fleet';

/** Where a writer's writes go, below players/{id}. */
export const LOAD_BRANCH = 'settings/load';
/** Each write also sets this key of the branch to its sequence number: the value listeners follow. */
export const COUNTER_KEY = 'counter';

/** The key of write `seq` in the load branch (a letter first: keys of digits only would read as an array). */
export const writeKey = (seq: number) => `w${seq}`;

export class Writer {
  readonly db: Database;
  connected = false;
  readonly connectedAt: number[] = [];
  /** Writes issued so far at each of those times: later sequence numbers were made after that connection. */
  readonly issuedWhenConnected: number[] = [];
  readonly disconnectedAt: number[] = [];
  /** Sequence numbers written so far are 1..issued. */
  issued = 0;
  /** Sequence number and Date.now() of every acknowledged write, in the order acknowledged. */
  readonly acked: { seq: number; at: number }[] = [];
  readonly refused: { seq: number; error: string }[] = [];

  constructor(
    readonly identity: PlayerIdentity,
    options: { url: string; restUrl: string; logs: LogBook },
    private readonly conditions: Conditions,
  ) {
    this.db = openClient({ ...options, idToken: identity.idToken });
    onValue(ref(this.db, '.info/connected'), (snapshot) => {
      const connected = snapshot.val() === true;
      if (connected === this.connected) return;
      this.connected = connected;
      if (connected) this.issuedWhenConnected.push(this.issued);
      (connected ? this.connectedAt : this.disconnectedAt).push(Date.now());
      conditions.changed();
    });
  }

  get playerId(): string {
    return this.identity.playerId;
  }

  /** Path of the value listeners follow. */
  get counterPath(): string {
    return `players/${this.playerId}/${LOAD_BRANCH}/${COUNTER_KEY}`;
  }

  /** Writes not yet answered. */
  get outstanding(): number {
    return this.issued - this.acked.length - this.refused.length;
  }

  /** The highest acknowledged sequence number (0 when none). */
  get lastAcked(): number {
    return this.acked.reduce((max, write) => Math.max(max, write.seq), 0);
  }

  /** Issues the next write: its own key, and the counter, in one update. */
  write(): void {
    const seq = ++this.issued;
    update(ref(this.db, `players/${this.playerId}/${LOAD_BRANCH}`), {
      [writeKey(seq)]: seq,
      [COUNTER_KEY]: seq,
    }).then(
      () => {
        this.acked.push({ seq, at: Date.now() });
        this.conditions.changed();
      },
      (error: unknown) => {
        this.refused.push({ seq, error: error instanceof Error ? error.message : String(error) });
        this.conditions.changed();
      },
    );
  }

  close(): void {
    this.db.close();
  }
}

/** The acknowledged writes of `writer` missing from its stored document (stored form, as readPlayerDocuments reads). */
export function missingWrites(writer: Writer, document: Record<string, unknown> | null): number[] {
  let branch: unknown = document;
  for (const key of LOAD_BRANCH.split('/')) {
    branch = typeof branch === 'object' && branch !== null ? (branch as Record<string, unknown>)[key] : null;
  }
  const stored = (typeof branch === 'object' && branch !== null ? branch : {}) as Record<string, unknown>;
  return writer.acked.filter(({ seq }) => stored[writeKey(seq)] !== seq).map(({ seq }) => seq);
}

/** Reads every writer's document from the database: the writers with acknowledged writes missing from it. */
export async function writersMissingWrites(
  databaseUrl: string,
  writers: readonly Writer[],
): Promise<{ player: string; missing: number[] }[]> {
  const documents = await readPlayerDocuments(
    databaseUrl,
    writers.map((writer) => writer.playerId),
  );
  return writers
    .map((writer) => ({
      player: writer.playerId,
      missing: missingWrites(writer, documents.get(writer.playerId) ?? null),
    }))
    .filter((entry) => entry.missing.length > 0);
}

/** The counter stored in a document (null when absent). */
export function storedCounter(document: Record<string, unknown> | null): unknown {
  let node: unknown = document;
  for (const key of [...LOAD_BRANCH.split('/'), COUNTER_KEY]) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : null;
  }
  return node ?? null;
}

export interface PacedLoadOptions {
  /** Writes issued per second over all writers. */
  ratePerSecond: number;
  /** A writer with this many writes unanswered is skipped until it catches up (default 25). */
  maxOutstanding?: number;
  /** Pacing tick (default 10 ms). */
  tickMs?: number;
}

/**
 * Issues writes at a steady rate over all writers, round robin, on one timer. A writer that is away (its writes
 * queue in its client) is skipped once it has maxOutstanding writes waiting, so the others keep the pace.
 */
export class PacedLoad {
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private issuedTotal = 0;
  private next = 0;

  constructor(
    private readonly writers: readonly Writer[],
    private readonly options: PacedLoadOptions,
  ) {}

  start(): void {
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 10);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(): void {
    const due = Math.floor(((performance.now() - this.startedAt) / 1000) * this.options.ratePerSecond);
    const maxOutstanding = this.options.maxOutstanding ?? 25;
    let skipped = 0;
    while (this.issuedTotal < due && skipped < this.writers.length) {
      const writer = this.writers[this.next++ % this.writers.length] as Writer;
      if (writer.outstanding >= maxOutstanding) {
        skipped++;
        continue;
      }
      skipped = 0;
      writer.write();
      this.issuedTotal++;
    }
    // Behind because every writer is saturated: the pace resumes from now, it does not burst to catch up.
    if (this.issuedTotal < due) this.issuedTotal = due;
  }
}

/** Acknowledged writes per second in [from, to) (Date.now() times), over all writers. */
export function ackRate(writers: readonly Writer[], from: number, to: number): number {
  let count = 0;
  for (const writer of writers) for (const { at } of writer.acked) if (at >= from && at < to) count++;
  return count / ((to - from) / 1000);
}
