// Transactions (docs/protocols/realtime.md §Transactions): a conditional set (cas) of the update function's result,
// carrying the hash of the value it was computed from. A datastale answer carries the current value and hash: the
// function runs again on them, up to `maxRetries` attempts in all, then the transaction fails with MAXRETRY. The
// function returning undefined aborts it (not committed, Firebase's 'nodata': no error). A set, update or remove of
// this client on an overlapping path while it runs fails it with SET, unless its cas in flight commits first.

import {
  describePath,
  isPathPrefix,
  joinPath,
  normalizeForWrite,
  resolveServerValues,
  restoreArrays,
  type RealtimeJson,
  type RealtimeValue,
  type ValueAnswer,
} from '@marquee/protocol';
import { RealtimeError, errorFromAnswer, errorFromValidation } from '../errors';
import { storedForm } from './storedForm';
import type { Answer } from './types';

export interface TransactionDeps {
  /** The value at `segments` and its hash: the listened value when the hub sent one, else a get. */
  current(segments: readonly string[]): Promise<ValueAnswer>;
  /** Sends the cas (waiting for a connection if need be) and resolves with its answer. */
  compareAndSet(path: string, value: RealtimeValue, hash: string): Promise<Answer>;
  serverNow(): number;
}

export interface TransactionResult {
  committed: boolean;
  /** The committed value (server timestamps resolved locally), or the current one when aborted. */
  value: RealtimeValue;
}

export type UpdateFunction = (current: RealtimeJson) => unknown;

interface Running {
  readonly segments: readonly string[];
  overwritten: boolean;
}

export class Transactions {
  readonly #deps: TransactionDeps;
  readonly #running = new Set<Running>();

  constructor(deps: TransactionDeps) {
    this.#deps = deps;
  }

  get size(): number {
    return this.#running.size;
  }

  async run(
    segments: readonly string[],
    update: UpdateFunction,
    maxRetries: number,
  ): Promise<TransactionResult> {
    const running: Running = { segments, overwritten: false };
    this.#running.add(running);
    try {
      return await this.#attempts(running, update, maxRetries);
    } finally {
      this.#running.delete(running);
    }
  }

  /** A local write at `segments`: every running transaction at, above or below it fails with SET. */
  overwrite(segments: readonly string[]): void {
    for (const running of this.#running) {
      if (isPathPrefix(segments, running.segments) || isPathPrefix(running.segments, segments)) {
        running.overwritten = true;
      }
    }
  }

  async #attempts(running: Running, update: UpdateFunction, maxRetries: number): Promise<TransactionResult> {
    const { segments } = running;
    const path = joinPath(segments);
    let base = await this.#deps.current(segments);
    for (let attempt = 1; ; attempt++) {
      if (running.overwritten) throw overwrittenError(segments);
      const current = base.value as RealtimeValue;
      const proposed = update(restoreArrays(current));
      if (proposed === undefined) return { committed: false, value: current };
      let value: RealtimeValue;
      try {
        value = normalizeForWrite(proposed, segments);
      } catch (error) {
        throw errorFromValidation(error);
      }
      const answer = await this.#deps.compareAndSet(path, value, base.hash);
      if (answer.ok) return { committed: true, value: resolveServerValues(value, this.#deps.serverNow()) };
      if (running.overwritten) throw overwrittenError(segments);
      if (answer.code !== 'datastale') throw errorFromAnswer(answer);
      if (attempt >= maxRetries) {
        throw new RealtimeError(
          'MAXRETRY',
          `maxretry: the transaction at ${describePath(segments)} found the value changed on all ${maxRetries} attempts`,
        );
      }
      base =
        answer.d === undefined
          ? await this.#deps.current(segments)
          : { ...answer.d, value: storedForm(answer.d.value, segments) };
    }
  }
}

function overwrittenError(segments: readonly string[]): RealtimeError {
  return new RealtimeError(
    'SET',
    `set: the transaction at ${describePath(segments)} was overwritten by a set`,
  );
}
