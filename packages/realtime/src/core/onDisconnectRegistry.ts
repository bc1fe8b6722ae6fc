// The onDisconnect actions this client has armed. The hub runs them when the socket closes or goes silent, and
// forgets them with that socket: so every armed action is sent again, in the order armed, after each reconnect,
// until it is cancelled. An action armed while the socket is down is sent when it comes back; its promise settles
// with the hub's first answer to it.

import { describePath, isPathPrefix, joinPath, parsePath, type RealtimeValue } from '@marquee/protocol';
import { type RealtimeError, errorFromAnswer } from '../errors';
import type { RequestHandler } from './requests';
import type { Logger, Request } from './types';

export type OnDisconnectRequest = Extract<Request, { t: 'od' }>;

interface Waiter {
  resolve(): void;
  reject(error: RealtimeError): void;
}

interface Armed {
  readonly action: 'set' | 'update';
  readonly segments: readonly string[];
  /** A stored-form value (set) or child paths relative to `segments` to values (update). */
  readonly value: RealtimeValue | Record<string, RealtimeValue>;
  waiters: Waiter[];
}

export interface OnDisconnectDeps {
  isConnected(): boolean;
  send(request: OnDisconnectRequest, handler: RequestHandler): void;
  logger: Logger;
}

export class OnDisconnectRegistry {
  readonly #deps: OnDisconnectDeps;
  #armed: Armed[] = [];

  constructor(deps: OnDisconnectDeps) {
    this.#deps = deps;
  }

  get size(): number {
    return this.#armed.length;
  }

  /** The armed actions in order, as (action, path) pairs (for tests and diagnostics). */
  list(): Array<{ action: 'set' | 'update'; path: string }> {
    return this.#armed.map((armed) => ({ action: armed.action, path: joinPath(armed.segments) }));
  }

  /**
   * Arms `set` (stored-form value, null removes) or `update` (relative child paths to values) at `segments`. A set
   * replaces everything armed at or below its path, as it would on the hub, so re-arming never piles up.
   */
  arm(
    action: 'set' | 'update',
    segments: readonly string[],
    value: RealtimeValue | Record<string, RealtimeValue>,
  ): Promise<void> {
    const promise = new Promise<void>((resolve, reject) => {
      const armed: Armed = { action, segments, value, waiters: [{ resolve, reject }] };
      if (action === 'set')
        this.#armed = this.#armed.filter((other) => !isPathPrefix(segments, other.segments));
      this.#armed.push(armed);
      if (this.#deps.isConnected()) this.#send(armed);
    });
    return promise;
  }

  /** Disarms everything at or below `segments`, here and on the hub. */
  cancel(segments: readonly string[]): Promise<void> {
    const kept: Armed[] = [];
    for (const armed of this.#armed) {
      if (!isPathPrefix(segments, armed.segments)) kept.push(armed);
      else settle(armed, null); // superseded before it could matter
    }
    this.#armed = kept;
    // The hub forgets a closed socket's actions: while disconnected there is nothing to cancel there.
    if (!this.#deps.isConnected()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#deps.send(
        { t: 'od', action: 'cancel', path: joinPath(segments) },
        {
          answer: (answer) => (answer.ok ? resolve() : reject(errorFromAnswer(answer))),
          // The socket that held the actions is gone, and they with it.
          drop: () => resolve(),
        },
      );
    });
  }

  /** After a reconnect: arms every action again, in order. */
  resend(): void {
    for (const armed of this.#armed) this.#send(armed);
  }

  /** Settles every promise still waiting with `error` and forgets the actions (close). */
  rejectAll(error: RealtimeError): void {
    const armed = this.#armed;
    this.#armed = [];
    for (const action of armed) settle(action, error);
  }

  #send(armed: Armed): void {
    const request: OnDisconnectRequest = {
      t: 'od',
      action: armed.action,
      path: joinPath(armed.segments),
      value: armed.value,
    };
    this.#deps.send(request, {
      answer: (answer) => {
        if (answer.ok) {
          settle(armed, null);
          return;
        }
        this.#armed = this.#armed.filter((other) => other !== armed);
        this.#deps.logger.warn(
          `realtime: onDisconnect ${armed.action} at ${describePath(parsePath(request.path))} failed: ${answer.code} (${answer.message})`,
        );
        settle(armed, errorFromAnswer(answer));
      },
      drop: () => {}, // sent again by resend() on the next connection
    });
  }
}

function settle(armed: Armed, error: RealtimeError | null): void {
  const waiters = armed.waiters;
  armed.waiters = [];
  for (const waiter of waiters) {
    if (error === null) waiter.resolve();
    else waiter.reject(error);
  }
}
