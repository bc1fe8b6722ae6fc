// A first-in first-out queue whose shift is O(1): an array read from a moving head, compacted now and then. Shifting
// a plain array moves every element behind the head, and these queues hold tens of thousands of waiters in a
// reconnect storm (db/cooperativeDriver.ts, realtime/disconnectPacing.ts, realtime/writeGate.ts, http/admission.ts).

export class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The item `offset` places behind the oldest (0: the oldest), without taking it. */
  at(offset: number): T | undefined {
    return offset < this.size ? this.items[this.head + offset] : undefined;
  }

  /** Takes the oldest `count` items (fewer when there are fewer), oldest first. */
  take(count: number): T[] {
    const end = Math.min(this.head + count, this.items.length);
    const taken = this.items.slice(this.head, end) as T[];
    this.head = end;
    this.compact();
    return taken;
  }

  /** Takes the oldest item; undefined when there is none. */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined; // not kept alive until the next compaction
    this.compact();
    return item;
  }

  private compact(): void {
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}
