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

/** A hint as held: updated in place by later writes, so that a document written over and over costs one lookup. */
interface Entry extends Hint {
  /** Written again since it last came to the front of the eviction order (second chance). */
  recent: boolean;
}

export class HintCache {
  /**
   * Insertion order approximates write order: a document written again is updated in place and marked recent, and
   * the eviction moves a recent entry to the end instead of dropping it (the "second chance" approximation of least
   * recently written; moving it at every write cost a delete and an insert per write).
   */
  private readonly hints = new Map<string, Entry>();
  private chars = 0;

  constructor(private readonly budgetChars = HINT_BUDGET_CHARS) {}

  /** The latest state known; read it at once (a later write to the document updates it). */
  get(docPath: string): Readonly<Hint> | undefined {
    return this.hints.get(docPath);
  }

  /** JSON characters held. */
  get size(): number {
    return this.chars;
  }

  /** Keeps `hint` as the document's latest state, unless a later revision is already known. */
  remember(docPath: string, hint: Hint): void {
    const old = this.hints.get(docPath);
    // A document this large would push out thousands of others for one write's benefit.
    const tooLarge = hint.size > this.budgetChars / 4;
    if (old === undefined) {
      if (tooLarge) return;
      this.hints.set(docPath, { value: hint.value, revision: hint.revision, size: hint.size, recent: false });
      this.chars += hint.size;
    } else {
      if (old.revision > hint.revision) return; // never go back to an older state
      if (tooLarge) {
        this.hints.delete(docPath);
        this.chars -= old.size;
        return;
      }
      this.chars += hint.size - old.size;
      old.value = hint.value;
      old.revision = hint.revision;
      old.size = hint.size;
      old.recent = true;
    }
    if (this.chars > this.budgetChars) this.evict();
  }

  /**
   * Down to 90% of the budget, from the start of the order: only when over budget, since iterating a Map from its
   * start walks over the slots of every entry deleted since it was last compacted. An entry moved to the end is
   * met again by this same walk, and dropped then if the budget still asks.
   */
  private evict(): void {
    for (const [docPath, entry] of this.hints) {
      if (this.chars <= this.budgetChars * 0.9) break;
      this.hints.delete(docPath);
      if (entry.recent) {
        entry.recent = false;
        this.hints.set(docPath, entry);
      } else {
        this.chars -= entry.size;
      }
    }
  }
}
