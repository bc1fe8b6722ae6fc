// Group commit: work submitted while a write is running waits and is then written together, in one transaction.
// Batches from many players arriving at once (a fleet back online) share the transaction's commit and, since their
// plays lie in the same hours, most index pages it writes. A group that fails is written again item by item, so one
// bad item fails alone.

export interface GroupCommitOptions<T, R> {
  /** Writes `items` in one transaction; answers one result per item, in order. */
  write(items: T[]): Promise<R[]>;
  /** An item's weight (records), and the most weight one transaction takes. */
  weight(item: T): number;
  maxWeight: number;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private running = false;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        void this.drain();
      }
    });
  }

  private take(): Waiting<T, R>[] {
    const group: Waiting<T, R>[] = [];
    let weight = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      const nextWeight = this.options.weight(next.item);
      if (group.length > 0 && weight + nextWeight > this.options.maxWeight) break;
      group.push(this.queue.shift()!);
      weight += nextWeight;
    }
    return group;
  }

  private async drain(): Promise<void> {
    try {
      // A turn first, so the requests already read join the first group.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) await this.writeGroup(this.take());
    } finally {
      this.running = false;
    }
  }

  private async writeGroup(group: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.options.write(group.map((waiting) => waiting.item));
      group.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      for (const waiting of group) await this.writeGroup([waiting]);
    }
  }
}
