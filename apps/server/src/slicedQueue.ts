// Items handled a slice per turn of the event loop, in the order queued: when thousands arrive in one turn (a fleet's
// sockets closing at once), handling them all there would hold the loop, and the node would neither accept nor read
// anything meanwhile (realtime/hub.ts).

import { Fifo } from './fifo';

export class SlicedQueue<T> {
  private readonly items = new Fifo<T>();
  private scheduled = false;

  /** `handle` must not throw: an item's trouble is its own (it is called for every item, whatever the others did). */
  constructor(
    private readonly handle: (item: T) => void,
    private readonly slice: number,
  ) {}

  /** Items queued and not handled yet. */
  get size(): number {
    return this.items.size;
  }

  /** Queues `item`: it is handled on a later turn (setImmediate), after those queued before it. */
  push(item: T): void {
    this.items.push(item);
    this.schedule();
  }

  /** Handles every item queued, now (at shutdown). */
  flush(): void {
    this.run(this.items.size);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.run(this.slice);
    });
  }

  private run(count: number): void {
    for (const item of this.items.take(count)) this.handle(item);
    if (this.items.size > 0) this.schedule();
  }
}
