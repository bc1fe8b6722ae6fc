// This client's writes not yet reflected by the hub, in the order they were made. A write made while the socket
// is down waits here and goes out, in order, when it is back; a write whose socket dropped before the answer goes
// back to waiting (it is sent again, never failed for the drop). An acknowledged write stays until the listened
// values show it (see views.ts), so a value never flickers back between the answer and the event. A refused write
// leaves at once, and the values it touched roll back to the server's.

import { describePath, parsePath, type RealtimeValue } from '@marquee/protocol';
import { type RealtimeError, errorFromAnswer } from '../errors';
import type { RequestHandler } from './requests';
import type { Logger, Request } from './types';

export type WriteRequest = Extract<Request, { t: 'set' | 'update' | 'remove' }>;

/** One node a write replaces: absolute segments and the stored-form value, server timestamps resolved. */
export interface Change {
  readonly segments: readonly string[];
  readonly value: RealtimeValue;
}

export type WriteState = 'queued' | 'sent' | 'acked';

export interface PendingWrite {
  readonly id: number;
  readonly request: WriteRequest;
  readonly changes: readonly Change[];
  state: WriteState;
  /** Document revision of the acknowledgement (meaningful once acked). */
  rev: number;
  /** When it was acknowledged (local clock). */
  ackedAt: number;
}

export interface WriteQueueDeps {
  isConnected(): boolean;
  send(request: WriteRequest, handler: RequestHandler): void;
  clock(): number;
  logger: Logger;
  /** A write was acknowledged (error null) or refused and removed: the values it touches need a new look. */
  settled(write: PendingWrite, error: RealtimeError | null): void;
}

interface Entry {
  write: PendingWrite;
  resolve(): void;
  reject(error: RealtimeError): void;
}

export class WriteQueue {
  readonly #deps: WriteQueueDeps;
  #entries: Entry[] = [];
  #lastId = 0;

  constructor(deps: WriteQueueDeps) {
    this.#deps = deps;
  }

  /** The writes not yet known to be reflected by the hub, oldest first. */
  pending(): PendingWrite[] {
    return this.#entries.map((entry) => entry.write);
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Adds a write; it goes out at once when connected, else on the next flush. Resolves when acknowledged. */
  enqueue(request: WriteRequest, changes: readonly Change[]): { write: PendingWrite; done: Promise<void> } {
    const write: PendingWrite = {
      id: ++this.#lastId,
      request,
      changes,
      state: 'queued',
      rev: -1,
      ackedAt: 0,
    };
    let entry!: Entry;
    const done = new Promise<void>((resolve, reject) => {
      entry = { write, resolve, reject };
    });
    this.#entries.push(entry);
    if (this.#deps.isConnected()) this.flush();
    return { write, done };
  }

  /** Sends every waiting write, oldest first (on reconnect, and whenever one is added while connected). */
  flush(): void {
    if (!this.#deps.isConnected()) return;
    for (const entry of this.#entries) {
      if (entry.write.state === 'queued') this.#send(entry);
    }
  }

  /** Forgets an acknowledged write once the values show it. */
  discard(write: PendingWrite): void {
    if (write.state !== 'acked') return;
    this.#entries = this.#entries.filter((entry) => entry.write !== write);
  }

  /** Fails every write still waiting for its answer (close); acknowledged ones are simply forgotten. */
  rejectAll(error: RealtimeError): void {
    const entries = this.#entries;
    this.#entries = [];
    for (const entry of entries) if (entry.write.state !== 'acked') entry.reject(error);
  }

  #send(entry: Entry): void {
    const { write } = entry;
    write.state = 'sent';
    this.#deps.send(write.request, {
      answer: (answer) => {
        if (!this.#entries.includes(entry)) return;
        if (answer.ok) {
          write.state = 'acked';
          const rev = (answer.d as { rev?: unknown } | undefined)?.rev;
          write.rev = typeof rev === 'number' ? rev : -1;
          write.ackedAt = this.#deps.clock();
          entry.resolve();
          this.#deps.settled(write, null);
          return;
        }
        this.#entries = this.#entries.filter((other) => other !== entry);
        const error = errorFromAnswer(answer);
        // docs/protocols/realtime.md §Errors: a failed database write is logged, and its callback gets the error.
        this.#deps.logger.warn(
          `realtime: ${write.request.t} at ${describePath(parsePath(write.request.path))} failed: ${answer.code} (${answer.message})`,
        );
        entry.reject(error);
        this.#deps.settled(write, error);
      },
      drop: () => {
        if (this.#entries.includes(entry) && write.state === 'sent') write.state = 'queued';
      },
    });
  }
}
