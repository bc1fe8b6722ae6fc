// What a read hands out: the key, and the value as an application reads it (arrays restored, a fresh copy on every
// val() so no caller can change what another one sees).

import { restoreArrays, type RealtimeJson, type RealtimeValue } from '@marquee/protocol';

export class DataSnapshot {
  readonly key: string | null;
  readonly #value: RealtimeValue;

  constructor(key: string | null, value: RealtimeValue) {
    this.key = key;
    this.#value = value;
  }

  /** The value, null when absent. */
  val(): RealtimeJson {
    return restoreArrays(this.#value);
  }

  exists(): boolean {
    return this.#value !== null;
  }
}
