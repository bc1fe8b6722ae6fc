// The last committed state of recently written documents, kept in memory so that the next write to one of them
// needs no read. A hint may be stale (another node wrote the document since): the conditional write notices and the
// document is read again, so a hint only ever saves work. Bounded by a budget of JSON characters, least recently
// written first out.

import type { RealtimeValue } from '@marquee/protocol';

/** Budget of the in-memory hints, in JSON characters. */
export const HINT_BUDGET_CHARS = 64 * 1024 * 1024;

export interface Hint {
  value: RealtimeValue;
  revision: number;
  /** Length of the document's JSON text. */
  size: number;
}

export class HintCache {
  /** Insertion order is write order: the least recently written document comes first. */
  private readonly hints = new Map<string, Hint>();
  private chars = 0;

  constructor(private readonly budgetChars = HINT_BUDGET_CHARS) {}

  get(docPath: string): Hint | undefined {
    return this.hints.get(docPath);
  }

  /** JSON characters held. */
  get size(): number {
    return this.chars;
  }

  /** Keeps `hint` as the document's latest state, unless a later revision is already known. */
  remember(docPath: string, hint: Hint): void {
    const old = this.hints.get(docPath);
    if (old !== undefined) {
      if (old.revision > hint.revision) return; // never go back to an older state
      this.chars -= old.size;
      this.hints.delete(docPath);
    }
    // A document this large would push out thousands of others for one write's benefit.
    if (hint.size > this.budgetChars / 4) return;
    this.hints.set(docPath, hint);
    this.chars += hint.size;
    // Only when over budget, and then down to 90% of it: iterating a Map from its start walks over the slots of
    // every entry deleted since it was last compacted, which would make each write cost as much as thousands.
    if (this.chars <= this.budgetChars) return;
    for (const [oldest, entry] of this.hints) {
      if (this.chars <= this.budgetChars * 0.9) break;
      this.hints.delete(oldest);
      this.chars -= entry.size;
    }
  }
}
