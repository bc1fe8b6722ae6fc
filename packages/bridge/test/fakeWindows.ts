// Minimal stand-ins for browser windows, for unit tests. Like the real postMessage, delivery is asynchronous (a
// microtask here, so fake timers do not hold it back), the event carries the sender's origin and the receiver's
// handle on the sender as `source`, and a message whose targetOrigin does not match the receiver is dropped.

import type { BridgeMessageEvent, BridgeSelf, BridgeTarget } from '../src/bridge';

type Listener = (event: BridgeMessageEvent) => void;

export class FakeWindow implements BridgeSelf {
  readonly #listeners = new Set<Listener>();

  /** Mutable, to play a frame that navigated to another origin. */
  constructor(public origin: string) {}

  addEventListener(type: 'message', listener: Listener): void {
    if (type === 'message') this.#listeners.add(listener);
  }

  removeEventListener(type: 'message', listener: Listener): void {
    if (type === 'message') this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Delivers an event synchronously, as if the browser dispatched it now. */
  dispatch(event: BridgeMessageEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }
}

/** What one window holds to post to another: `from`'s view of `to`. Records what was posted through it. */
export class FakeTarget implements BridgeTarget {
  readonly posted: { message: string; targetOrigin: string }[] = [];
  /** `to`'s view of `from`, filled in by `link`: the `source` of the events this handle delivers. */
  reverse!: FakeTarget;

  constructor(
    readonly from: FakeWindow,
    readonly to: FakeWindow,
  ) {}

  postMessage(message: string, targetOrigin: string): void {
    this.posted.push({ message, targetOrigin });
    const origin = this.from.origin;
    const source = this.reverse;
    queueMicrotask(() => {
      if (targetOrigin !== '*' && targetOrigin !== this.to.origin) return;
      this.to.dispatch({ data: message, origin, source });
    });
  }

  /** The posted messages, parsed. */
  get messages(): unknown[] {
    return this.posted.map(({ message }) => JSON.parse(message) as unknown);
  }
}

/** Links two windows both ways: `toB` is what `a` uses to reach `b`, and the other way round. */
export function link(a: FakeWindow, b: FakeWindow): { toB: FakeTarget; toA: FakeTarget } {
  const toB = new FakeTarget(a, b);
  const toA = new FakeTarget(b, a);
  toB.reverse = toA;
  toA.reverse = toB;
  return { toB, toA };
}

/** Lets every queued delivery, and the promise chains it starts, run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
