// Fan-out of realtime changes (docs/architecture.md §Scale): in-process by default; a Redis implementation of the same
// interface lets several nodes share listeners (REDIS_URL, scale-out). Messages are JSON-serialisable values.

export type Unsubscribe = () => void;
export type MessageHandler = (message: unknown) => void;

/**
 * Whether messages from other nodes arrive: 'ready'; 'connecting' before the broker was first reached; 'down' once
 * it was lost (local subscribers still get local messages, messages of other nodes are missed until a resync).
 */
export type PubSubStatus = 'ready' | 'connecting' | 'down';

/** Called after messages may have been missed (broker reconnected); resolves once the subscriber caught up. */
export type ResyncHandler = () => Promise<void> | void;

export interface PubSub {
  /**
   * Delivers `message` to every subscriber of `topic`. Messages published on one topic from one node arrive in
   * publish order; a handler that throws is reported and never stops delivery to the others. Never throws: while
   * the broker is away, other nodes miss the message (and catch up through a resync). `text`, when given, returns
   * the message's JSON text, which a broker sends as it is instead of encoding the message (in process: unused).
   */
  publish(topic: string, message: unknown, text?: () => string): void;
  subscribe(topic: string, handler: MessageHandler): Unsubscribe;
  /**
   * Resolves once messages published on `topic` by any node from now on reach this node's subscribers (the broker
   * confirmed the subscription), or at once when the broker is away (a resync follows its return).
   */
  whenSubscribed(topic: string): Promise<void>;
  readonly status: PubSubStatus;
  onStatus(handler: (status: PubSubStatus) => void): Unsubscribe;
  /** `handler` runs whenever messages may have been missed; in process, never. */
  onResync(handler: ResyncHandler): Unsubscribe;
  /** Stops delivery and releases connections; later publishes are dropped. */
  close(): Promise<void>;
}

/** Delivers synchronously, in publish order, within this process. */
export class InProcessPubSub implements PubSub {
  /**
   * The subscriptions of each topic. An array is never changed once made: (un)subscribing replaces it, so a
   * message is delivered to the subscriptions of the moment it was published, without copying them at every publish
   * (a document's every write is published; its topic has one or two subscriptions).
   */
  private readonly topics = new Map<string, readonly MessageHandler[]>();
  private closed = false;

  constructor(private readonly onHandlerError: (error: unknown, topic: string) => void = () => {}) {}

  publish(topic: string, message: unknown): void {
    if (this.closed) return;
    const handlers = this.topics.get(topic);
    if (handlers === undefined) return;
    for (let index = 0; index < handlers.length; index++) {
      try {
        handlers[index]!(message);
      } catch (error) {
        this.onHandlerError(error, topic);
      }
    }
  }

  subscribe(topic: string, handler: MessageHandler): Unsubscribe {
    // Each subscription is its own entry, so subscribing one function twice needs two unsubscribes.
    const entry: MessageHandler = (message) => handler(message);
    this.topics.set(topic, [...(this.topics.get(topic) ?? []), entry]);
    return () => {
      const current = this.topics.get(topic);
      if (current === undefined) return;
      const rest = current.filter((other) => other !== entry);
      if (rest.length === current.length) return; // ended already
      if (rest.length === 0) this.topics.delete(topic);
      else this.topics.set(topic, rest);
    };
  }

  /** In process, every subscription is immediate and nothing is ever missed. */
  readonly status: PubSubStatus = 'ready';

  whenSubscribed(): Promise<void> {
    return Promise.resolve();
  }

  onStatus(): Unsubscribe {
    return () => {};
  }

  onResync(): Unsubscribe {
    return () => {};
  }

  /** Number of subscriptions on `topic` (for tests and metrics). */
  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.length ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.topics.clear();
  }
}
