// The paths this client listens to. One entry per path, however many callbacks share it: the hub hears of the
// first callback (listen) and the last one leaving (unlisten), and nothing in between. An entry keeps what the
// views are computed from: the server's last value (with its hash and document revision), the local copy read
// while the server had not answered yet, and the value its callbacks saw last.

import { isPathPrefix, joinPath, type RealtimeValue } from '@marquee/protocol';
import type { RealtimeError } from '../errors';

export interface Listener {
  value(value: RealtimeValue): void;
  cancel(error: RealtimeError): void;
}

export interface ServerValue {
  value: RealtimeValue;
  hash: string;
  rev: number;
}

export class ListenEntry {
  readonly path: string;
  readonly segments: readonly string[];
  readonly listeners = new Set<Listener>();
  /** The hub's last value event for this path. */
  server: ServerValue | undefined;
  /** The local copy, used until the hub's value comes. */
  cached: RealtimeValue | undefined;
  /** What the callbacks were given last (undefined: nothing yet). */
  delivered: RealtimeValue | undefined;

  constructor(segments: readonly string[]) {
    this.segments = segments;
    this.path = joinPath(segments);
  }
}

export class ListenRegistry {
  readonly #entries = new Map<string, ListenEntry>();

  get size(): number {
    return this.#entries.size;
  }

  /** Adds a callback; `first` when the path had none, i.e. the hub must be told. */
  add(segments: readonly string[], listener: Listener): { entry: ListenEntry; first: boolean } {
    const path = joinPath(segments);
    let entry = this.#entries.get(path);
    const first = entry === undefined;
    if (entry === undefined) {
      entry = new ListenEntry(segments);
      this.#entries.set(path, entry);
    }
    entry.listeners.add(listener);
    return { entry, first };
  }

  /** Removes a callback; true when it was the last one, i.e. the entry is gone and the hub must be told. */
  remove(entry: ListenEntry, listener: Listener): boolean {
    if (!entry.listeners.delete(listener)) return false;
    if (entry.listeners.size > 0 || this.#entries.get(entry.path) !== entry) return false;
    this.#entries.delete(entry.path);
    return true;
  }

  /** Removes the entry whatever its callbacks, returning them (a refused listen cancels them all). */
  delete(entry: ListenEntry): Listener[] {
    if (this.#entries.get(entry.path) !== entry) return [];
    this.#entries.delete(entry.path);
    const listeners = [...entry.listeners];
    entry.listeners.clear();
    return listeners;
  }

  get(path: string): ListenEntry | undefined {
    return this.#entries.get(path);
  }

  isActive(entry: ListenEntry): boolean {
    return this.#entries.get(entry.path) === entry;
  }

  entries(): ListenEntry[] {
    return [...this.#entries.values()];
  }

  /** Entries at, above or below `segments`: those whose value a change there can touch. */
  overlapping(segments: readonly string[]): ListenEntry[] {
    return this.entries().filter(
      (entry) => isPathPrefix(entry.segments, segments) || isPathPrefix(segments, entry.segments),
    );
  }

  /** Entries at or above `segments`, nearest first: those whose value contains it. */
  containing(segments: readonly string[]): ListenEntry[] {
    return this.entries()
      .filter((entry) => isPathPrefix(entry.segments, segments))
      .sort((a, b) => b.segments.length - a.segments.length);
  }

  clear(): void {
    this.#entries.clear();
  }
}
