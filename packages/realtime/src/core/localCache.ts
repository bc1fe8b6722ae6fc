// The local copy of the database (docs/protocols/realtime.md §Offline copy: while offline, reads are served from
// local storage): the last server value of every listened path, and of every get, kept in the given Storage under
// one key per path, `firebase:rtdb:{path}`. The prefix extends the identity SDK's 'firebase:' (protocol's
// AUTH_PROVIDER_KEY_PREFIX), so stored-data cleaning (storageCleaning.ts) drops the copy with the session it belongs
// to and never passes it on.
//
// An item is `{written-at ms}:{JSON of the stored-form value}`; the time leads so a start-up scan orders the items
// without parsing them. The copy is bounded (LOCAL_CACHE_MAX_CHARS of key and item text): the least recently
// written paths go first, and a value too large for the bound, or for the storage quota, is not kept.

import { AUTH_PROVIDER_KEY_PREFIX, getAtPath, joinPath, type RealtimeValue } from '@marquee/protocol';
import type { Logger } from './types';

export const LOCAL_CACHE_PREFIX = `${AUTH_PROVIDER_KEY_PREFIX}rtdb:`;
/** About 2 MB of UTF-16 text: well inside a browser's 5 MB local storage, beside the player's own keys. */
export const LOCAL_CACHE_MAX_CHARS = 1024 * 1024;

/** What the copy needs of window.localStorage. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

interface Item {
  chars: number;
  writtenAt: number;
}

export interface LocalCacheOptions {
  storage: StorageLike | null;
  clock: () => number;
  logger: Logger;
  maxChars?: number;
}

export class LocalCache {
  readonly #storage: StorageLike | null;
  readonly #clock: () => number;
  readonly #logger: Logger;
  readonly #maxChars: number;
  /** path → item, oldest written first. */
  readonly #items = new Map<string, Item>();
  #total = 0;

  constructor(options: LocalCacheOptions) {
    this.#storage = options.storage;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#maxChars = options.maxChars ?? LOCAL_CACHE_MAX_CHARS;
    this.#load();
  }

  /** Characters held (keys and items). */
  get totalChars(): number {
    return this.#total;
  }

  /** Cached paths, least recently written first. */
  paths(): string[] {
    return [...this.#items.keys()];
  }

  /**
   * The copy of the value at `segments`: from its own item or an ancestor's, whichever was written last.
   * Undefined when nothing covers it; null when the copy knows it is absent.
   */
  read(segments: readonly string[]): RealtimeValue | undefined {
    let best: { depth: number; writtenAt: number } | undefined;
    for (let depth = segments.length; depth >= 0; depth--) {
      const item = this.#items.get(joinPath(segments.slice(0, depth)));
      if (item !== undefined && (best === undefined || item.writtenAt > best.writtenAt)) {
        best = { depth, writtenAt: item.writtenAt };
      }
    }
    if (best === undefined) return undefined;
    const path = joinPath(segments.slice(0, best.depth));
    const value = this.#parse(path);
    return value === undefined ? undefined : getAtPath(value, segments.slice(best.depth));
  }

  write(segments: readonly string[], value: RealtimeValue): void {
    if (this.#storage === null) return;
    const path = joinPath(segments);
    const key = LOCAL_CACHE_PREFIX + path;
    const writtenAt = this.#clock();
    const text = `${writtenAt}:${JSON.stringify(value)}`;
    const chars = key.length + text.length;
    this.#remove(path);
    if (chars > this.#maxChars) return;
    while (this.#total + chars > this.#maxChars && this.#evictOldest()) {
      // evicted one
    }
    for (;;) {
      try {
        this.#storage.setItem(key, text);
        break;
      } catch (error) {
        // Quota exceeded (the player's own keys grew, or another tab): make room, else give up on this one.
        if (!this.#evictOldest()) {
          this.#logger.warn(`realtime: cannot keep a local copy of ${JSON.stringify(path)}`, error);
          return;
        }
      }
    }
    this.#items.set(path, { chars, writtenAt });
    this.#total += chars;
  }

  /** Removes the copy of `segments` and of every path below it. */
  removeBelow(segments: readonly string[]): void {
    const path = joinPath(segments);
    for (const cached of [...this.#items.keys()]) {
      if (cached === path || cached.startsWith(`${path}/`)) this.#remove(cached);
    }
  }

  /** Removes every item of the copy. */
  clear(): void {
    for (const path of [...this.#items.keys()]) this.#remove(path);
  }

  #load(): void {
    const storage = this.#storage;
    if (storage === null) return;
    const found: Array<{ path: string; item: Item }> = [];
    try {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index);
        if (key === null || !key.startsWith(LOCAL_CACHE_PREFIX)) continue;
        const text = storage.getItem(key) ?? '';
        const writtenAt = Number(text.slice(0, text.indexOf(':')));
        found.push({
          path: key.slice(LOCAL_CACHE_PREFIX.length),
          item: { chars: key.length + text.length, writtenAt: Number.isFinite(writtenAt) ? writtenAt : 0 },
        });
      }
    } catch (error) {
      this.#logger.warn('realtime: cannot read the local copy', error);
      return;
    }
    found.sort((a, b) => a.item.writtenAt - b.item.writtenAt);
    for (const { path, item } of found) {
      this.#items.set(path, item);
      this.#total += item.chars;
    }
    // A smaller bound than the one the copy was written with: trim it now.
    while (this.#total > this.#maxChars && this.#evictOldest()) {
      // evicted one
    }
  }

  #parse(path: string): RealtimeValue | undefined {
    try {
      const text = this.#storage?.getItem(LOCAL_CACHE_PREFIX + path) ?? null;
      if (text === null) {
        this.#forget(path);
        return undefined;
      }
      return JSON.parse(text.slice(text.indexOf(':') + 1)) as RealtimeValue;
    } catch {
      this.#remove(path); // unreadable: not a copy worth keeping
      return undefined;
    }
  }

  #evictOldest(): boolean {
    const oldest = this.#items.keys().next();
    if (oldest.done === true) return false;
    this.#remove(oldest.value);
    return true;
  }

  #remove(path: string): void {
    if (!this.#items.has(path)) return;
    this.#forget(path);
    try {
      this.#storage?.removeItem(LOCAL_CACHE_PREFIX + path);
    } catch {
      // storage gone (privacy mode); the index is what counts
    }
  }

  #forget(path: string): void {
    const item = this.#items.get(path);
    if (item === undefined) return;
    this.#items.delete(path);
    this.#total -= item.chars;
  }
}
