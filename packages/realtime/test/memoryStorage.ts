// A Map-backed Storage for tests (Node has no localStorage), with an optional quota in characters of keys and
// values, as a browser counts them, beyond which setItem throws like a full localStorage.

import type { StorageLike } from '../src/core/localCache';

export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  readonly #quotaChars: number;

  constructor(quotaChars = Infinity) {
    this.#quotaChars = quotaChars;
  }

  get length(): number {
    return this.items.size;
  }

  get usedChars(): number {
    let used = 0;
    for (const [key, value] of this.items) used += key.length + value.length;
    return used;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    const current = this.items.get(key);
    const used = this.usedChars - (current === undefined ? 0 : key.length + current.length);
    if (used + key.length + value.length > this.#quotaChars) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }
}
