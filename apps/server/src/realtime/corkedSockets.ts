// The sockets corked while a batch of answers is given, uncorked together on the next tick: a client with several
// answers in a batch gets them in one system call, and the batch's hundreds of answered connections cost one tick
// callback between them instead of one callback (and one closure) each.

/** A connection whose socket was corked, as the flush sees it. */
export interface Corked {
  /** Uncorks its socket: what was written since it was corked leaves now. */
  uncork(): void;
}

export class CorkedSockets {
  private corked: Corked[] = [];

  constructor(private readonly nextTick: (flush: () => void) => void = process.nextTick) {}

  /** `connection` just corked its socket: it is uncorked on the next tick, in the order corked. */
  add(connection: Corked): void {
    if (this.corked.push(connection) === 1) this.nextTick(this.flush);
  }

  private readonly flush = (): void => {
    const corked = this.corked;
    this.corked = [];
    for (const connection of corked) connection.uncork();
  };
}
