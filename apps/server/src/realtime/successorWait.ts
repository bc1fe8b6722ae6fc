// How long a closing connection's onDisconnect actions wait for a newer connection of their player on this node to
// arm (onDisconnect.ts): one limit for the connection, started by its first wait, shared by all of its actions.

export class SuccessorWait {
  private timer: NodeJS.Timeout | undefined;
  private expiry: Promise<void> | undefined;
  private ended = false;

  constructor(private readonly ms: number) {}

  /** Whether the limit has passed. */
  get expired(): boolean {
    return this.ended;
  }

  /** Resolves once the limit has passed; the first call starts it. */
  untilExpired(): Promise<void> {
    this.expiry ??= new Promise<void>((resolve) => {
      this.timer = setTimeout(() => {
        this.ended = true;
        resolve();
      }, this.ms);
    });
    return this.expiry;
  }

  /** Stops the timer (the connection's actions are decided). */
  clear(): void {
    clearTimeout(this.timer);
  }
}
