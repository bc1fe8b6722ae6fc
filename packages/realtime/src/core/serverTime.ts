// The offset of the server's clock from ours, from `time` answers. The answer left the server somewhere between
// the request and the answer: the midpoint halves the error a slow line would add. Server timestamps written
// locally (optimistic values, transaction results) are resolved with it, and `.info/serverTimeOffset` reports it.

export class ServerTime {
  readonly #clock: () => number;
  #offset = 0;

  constructor(clock: () => number) {
    this.#clock = clock;
  }

  /** Server clock minus local clock, in whole milliseconds. */
  get offset(): number {
    return this.#offset;
  }

  /** Records a `time` answer; true when the offset changed. */
  record(serverNow: number, sentAt: number, receivedAt: number): boolean {
    if (!Number.isFinite(serverNow) || receivedAt < sentAt) return false;
    const offset = Math.round(serverNow - (sentAt + receivedAt) / 2);
    if (offset === this.#offset) return false;
    this.#offset = offset;
    return true;
  }

  /** The server's clock now, by the last offset. */
  now(): number {
    return this.#clock() + this.#offset;
  }
}
