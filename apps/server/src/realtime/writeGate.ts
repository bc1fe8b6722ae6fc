// Admission of realtime writes on one node: a bound on the writes received and not yet answered. At the bound, a
// connection that sends another write stops being read: that frame is kept as received, and its later frames stay in
// the kernel's socket buffer instead of the heap, until the committed writes make room again; waiting connections
// are then read again in the order they stopped, as many as there is room for, a slice per turn. Connections that
// send no write are read as ever (connection.ts): a screen reconnecting while the fleet writes still authenticates.
//
// Why: when every screen of a large fleet writes at once, each write received waits in the store's queue for its
// batch, and every object of every waiting write survives garbage collection after garbage collection. With tens
// of thousands waiting, the collector copied them over and over and took a third of the server's time. Bounded,
// reading stays proportional to what the store can commit (the bound is one batch, MAX_WRITES_IN_FLIGHT in hub.ts),
// so no turn of the event loop reads tens of thousands of frames.
//
// Not first come, first served: the room a batch leaves goes first to connections still read, those just answered
// and writing again. Under a fleet writing flat out (bench/realtime, 20,000 players) a few hundred then often take
// turns while the rest wait seconds: write latency p50 21–92 ms, p99 1.9–7.7 s in five runs of six; in the sixth the
// turns spread over the fleet by themselves (p50 617 ms, p99 1.8 s). Serving the waiting ones first was measured
// (two ways, three runs): p99 1.2 s, but always the spread regime, which costs more main thread per write (31–36 µs,
// and 34 in the sixth run, against 27–34 in the five others): each write then touches a different connection, document
// and page of the table. A real fleet writes a few times and stops, so its writes are only reordered.

import { Fifo } from '../fifo';

/** A connection as the gate sees it. */
export interface GatedConnection {
  readonly closed: boolean;
  /** Reads the connection again: its held frames first, in order. */
  resumeFromGate(): void;
}

/** Connections read again per turn of the event loop. */
export const RELEASE_SLICE = 256;

export interface WriteGateOptions {
  /** Writes in flight above which connections sending more stop being read. */
  maxInFlight: number;
  /** Runs `task` on a later turn of the event loop (setImmediate; injectable for tests). */
  later?: (task: () => void) => void;
}

export class WriteGate {
  private inFlight = 0;
  private readonly waiting = new Fifo<GatedConnection>();
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly later: (task: () => void) => void;

  constructor(options: WriteGateOptions) {
    this.maxInFlight = options.maxInFlight;
    this.later = options.later ?? ((task) => setImmediate(task));
  }

  /** Whether a connection may go on reading after starting a write. */
  get open(): boolean {
    return this.inFlight < this.maxInFlight;
  }

  /** Writes received and not yet answered. */
  get writesInFlight(): number {
    return this.inFlight;
  }

  /** Connections waiting to be read again. */
  get waitingConnections(): number {
    return this.waiting.size;
  }

  started(): void {
    this.inFlight++;
  }

  finished(): void {
    this.inFlight--;
    if (this.waitingConnections > 0 && this.open) this.schedule();
  }

  /** `connection` stopped reading: it is read again once there is room, after those that stopped before it. */
  wait(connection: GatedConnection): void {
    this.waiting.push(connection);
    if (this.open) this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Not inside the answer of a batch: the frames a connection held are read on a turn of their own.
    this.later(() => {
      this.scheduled = false;
      this.release();
    });
  }

  private release(): void {
    // A slice per turn: the held frames of thousands of connections read at once would hold the loop as long.
    let slice = RELEASE_SLICE;
    while (this.open && slice-- > 0) {
      const connection = this.waiting.shift();
      if (connection === undefined) break;
      if (!connection.closed) connection.resumeFromGate();
    }
    if (this.open && this.waiting.size > 0) this.schedule();
  }
}
