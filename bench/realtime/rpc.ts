// Requests between the benchmark driver and its child processes (simulated players, the floor server, the probe in
// the Marquee server) over Node's IPC channel: `{type: 'call', id, method, params}` answered once by `{type:
// 'reply', id, result}` or `{type: 'reply', id, error}`; anything else a child sends is an event. Every call has a
// time limit, and a child that loses its parent exits, so no process outlives the driver.

import type { ChildProcess } from 'node:child_process';

export interface CallMessage {
  type: 'call';
  id: number;
  method: string;
  params: unknown;
}

export interface ReplyMessage {
  type: 'reply';
  id: number;
  result?: unknown;
  error?: string;
}

export interface EventMessage {
  type: 'event';
  name: string;
  data: unknown;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/** The driver's side of one child. */
export class RpcChild {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(event: EventMessage) => void>();
  private exitError: Error | null = null;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.on('message', (message: ReplyMessage | EventMessage) => {
      if (message.type === 'event') {
        for (const listener of this.listeners) listener(message);
        return;
      }
      const pending = this.pending.get(message.id);
      if (pending === undefined) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error !== undefined) pending.reject(new Error(`${name}: ${message.error}`));
      else pending.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      this.exitError = new Error(`${name} exited (${signal ?? `code ${code}`})`);
      for (const [id, pending] of this.pending) {
        clearTimeout(pending.timer);
        pending.reject(this.exitError);
        this.pending.delete(id);
      }
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  onEvent(listener: (event: EventMessage) => void): void {
    this.listeners.add(listener);
  }

  call<T>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (this.exitError !== null) return Promise.reject(this.exitError);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.name}: ${method} took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      const message: CallMessage = { type: 'call', id, method, params };
      this.child.send(message, (error) => {
        if (error === null || !this.pending.has(id)) return;
        this.pending.delete(id);
        clearTimeout(timer);
        reject(new Error(`${this.name}: could not send ${method}: ${error.message}`));
      });
    });
  }
}

export type Handlers = Record<string, (params: never) => unknown>;

/**
 * The child's side: answers calls with `handlers` and exits when the parent goes away. Returns a function that
 * sends an event to the parent.
 */
export function serveRpc(handlers: Handlers): (name: string, data: unknown) => void {
  if (process.send === undefined)
    throw new Error('started without an IPC channel: run it through the driver');
  const send = (message: ReplyMessage | EventMessage) => {
    if (process.connected) process.send?.(message);
  };
  process.on('message', (message: CallMessage) => {
    if (message?.type !== 'call') return;
    const handler = handlers[message.method];
    if (handler === undefined) {
      send({ type: 'reply', id: message.id, error: `unknown method ${message.method}` });
      return;
    }
    Promise.resolve()
      .then(() => handler(message.params as never))
      .then(
        (result) => send({ type: 'reply', id: message.id, result }),
        (error: unknown) =>
          send({
            type: 'reply',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          }),
      );
  });
  process.on('disconnect', () => process.exit(0));
  return (name, data) => send({ type: 'event', name, data });
}
