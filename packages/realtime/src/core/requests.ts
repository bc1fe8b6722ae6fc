// Requests in flight on the current socket. Each gets a fresh id and exactly one outcome: its answer (the first
// frame carrying its id; any later one is dropped), or `drop` when the socket goes before the answer comes. What a
// drop means is the caller's choice: reads reject and retry, writes go back to their queue.

import type { Answer } from './types';

export interface RequestHandler {
  answer(answer: Answer): void;
  drop(): void;
}

export class Requests {
  readonly #pending = new Map<number, RequestHandler>();
  #lastId = 0;

  get size(): number {
    return this.#pending.size;
  }

  /** Registers a request and returns its id. Ids are never reused, so a late answer finds nothing. */
  register(handler: RequestHandler): number {
    const id = ++this.#lastId;
    this.#pending.set(id, handler);
    return id;
  }

  /** Hands `answer` to the request with its id; false (nothing done) for an unknown or already settled id. */
  settle(answer: Answer): boolean {
    if (typeof answer.r !== 'number') return false;
    const handler = this.#pending.get(answer.r);
    if (handler === undefined) return false;
    this.#pending.delete(answer.r);
    handler.answer(answer);
    return true;
  }

  /** The socket is gone: every pending request is dropped, in the order it was made. */
  dropAll(): void {
    const handlers = [...this.#pending.values()];
    this.#pending.clear();
    for (const handler of handlers) handler.drop();
  }
}

/** A handler that turns the outcome into a promise: the answer resolves it, a drop rejects with `onDrop()`. */
export function promisedAnswer(onDrop: () => Error): { handler: RequestHandler; promise: Promise<Answer> } {
  let handler!: RequestHandler;
  const promise = new Promise<Answer>((resolve, reject) => {
    handler = { answer: resolve, drop: () => reject(onDrop()) };
  });
  return { handler, promise };
}
