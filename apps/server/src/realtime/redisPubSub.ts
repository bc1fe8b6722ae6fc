// Fan-out across nodes through Redis pub/sub (docs/deployment.md §Redis, REDIS_URL). One publisher and one subscriber
// connection per node; one Redis channel per topic (per document), SUBSCRIBEd while the node has a local subscriber.
//
// A topic stays subscribed in Redis for SUBSCRIPTION_LINGER_MS after its last local subscriber left: when a fleet
// drops and reconnects (a network blip, a balancer's restart), each screen's listen finds its document's channel
// still subscribed, so its close sends no UNSUBSCRIBE and its listen neither a SUBSCRIBE nor waits for Redis to
// confirm one. The lingering topics are unsubscribed together, a command per SUBSCRIBE_CHUNK channels.
//
// A message is delivered to this node's subscribers synchronously at publish, as in process, so a node serves its
// own listeners without a round trip and while Redis is away; the copy that comes back from Redis carries the
// node's instance id and is skipped. Redis keeps the order of one connection's PUBLISHes, so messages of one node
// reach the others in publish order.
//
// Nothing is queued while Redis is away: messages of that time are missed, and a resync (onResync) makes the
// subscribers re-read what they hold. It runs when this node's subscriber is back (after every topic is
// SUBSCRIBEd again and confirmed), and on every other node when this node's publisher is back after dropping
// messages (a control message), since their subscribers never noticed anything.

import { randomUUID } from 'node:crypto';
import { ReplyError, type Redis } from 'ioredis';
import {
  InProcessPubSub,
  type MessageHandler,
  type PubSub,
  type PubSubStatus,
  type ResyncHandler,
  type Unsubscribe,
} from './pubsub';
import { closeRedisClient, corkUntilTickEnd, createRedisClient } from './redisClient';

/** Channels per SUBSCRIBE command when resubscribing, and per UNSUBSCRIBE of lingering topics. */
const SUBSCRIBE_CHUNK = 1000;
/** How long a topic without local subscribers stays subscribed in Redis (see above). */
export const SUBSCRIPTION_LINGER_MS = 30_000;

/**
 * PUBLISHes the (channel, message) pairs given as arguments. A batch of a group commit goes to Redis as one command
 * instead of a PUBLISH per write: measured with ioredis against a local Redis, 1 µs of the node's CPU and under 1 µs
 * of Redis's per message instead of about 6 and 5. EVAL, not EVALSHA: a script unknown after a Redis restart would
 * be sent again after later commands, out of order (Redis caches the compiled script by its text's hash).
 */
const PUBLISH_ALL = "for i = 1, #ARGV, 2 do redis.call('publish', ARGV[i], ARGV[i + 1]) end return 0";
/** Messages per EVAL of PUBLISH_ALL: Redis runs a script without serving anyone else. */
const PUBLISH_ALL_MAX = 1000;

export interface RedisPubSubLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface RedisPubSubOptions {
  url: string;
  /**
   * Start of every channel name; the nodes of one deployment share it, deployments sharing a Redis must not
   * (channels are not separated by database number). Default 'marquee:'.
   */
  channelPrefix?: string;
  onHandlerError?: (error: unknown, topic: string) => void;
  log?: RedisPubSubLog;
  /** Default SUBSCRIPTION_LINGER_MS; 0 unsubscribes a topic as soon as its last local subscriber leaves. */
  lingerMs?: number;
}

/** What goes through Redis: the publishing instance and the message. */
interface Envelope {
  n: string;
  m?: unknown;
}

/** A subscription request on the current subscriber connection, settled by Redis's answer or the connection's end. */
interface PendingSubscribe {
  promise: Promise<void>;
  settle: () => void;
}

function pendingSubscribe(): PendingSubscribe {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const plural = (documents: number) => `${documents} document${documents === 1 ? '' : 's'}`;

const silentLog: RedisPubSubLog = { info: () => {}, warn: () => {} };

export class RedisPubSub implements PubSub {
  /** Identifies this node's messages when Redis hands them back. */
  readonly instanceId = randomUUID();
  /** How every Envelope of this node begins (its `n` member first, as JSON.stringify puts it), and as bytes. */
  private readonly envelopeStart = `{"n":${JSON.stringify(this.instanceId)}`;
  private readonly ownEnvelopeStart = Buffer.from(this.envelopeStart);
  private readonly local: InProcessPubSub;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly topicPrefix: string;
  private readonly controlChannel: string;
  private readonly log: RedisPubSubLog;
  private readonly onHandlerError: (error: unknown, topic: string) => void;
  /** Topics subscribed in Redis: with at least one local subscriber, or lingering. */
  private readonly topics = new Set<string>();
  /** Topics without local subscribers still subscribed, with when they go (performance.now), soonest first. */
  private readonly lingering = new Map<string, number>();
  private lingerTimer: NodeJS.Timeout | null = null;
  private readonly lingerMs: number;
  /** Messages of this tick not sent yet, as channel, text, channel, text… (sendOutgoing). */
  private outgoing: string[] = [];
  /** Redis refused PUBLISH_ALL (scripting disabled, or an ACL without EVAL): one PUBLISH per message from then on. */
  private scriptRefused = false;
  /** SUBSCRIBEs awaiting Redis's answer on the current connection. */
  private readonly pending = new Map<string, PendingSubscribe>();
  /** The subscriber connection is up (commands go out); counts connections so stale continuations stop. */
  private subscriberLive = false;
  private connection = 0;
  /** Every topic is subscribed on the current connection and the resync after the connection is done. */
  private subscriberReady = false;
  private publisherReady = false;
  /** A publish was dropped or failed since the publisher was last ready: the others must resync. */
  private missedPublishes = false;
  private everReady = false;
  private current: PubSubStatus = 'connecting';
  /** Documents re-read by the last resync after this node's subscriber reconnected. */
  private caughtUp: number | null = null;
  private readonly statusHandlers = new Set<(status: PubSubStatus) => void>();
  private readonly resyncHandlers = new Set<ResyncHandler>();
  private resyncing: Promise<void> | null = null;
  private resyncAgain = false;
  private closed = false;

  constructor(options: RedisPubSubOptions) {
    const prefix = options.channelPrefix ?? 'marquee:';
    this.topicPrefix = `${prefix}t:`;
    this.controlChannel = `${prefix}c:resync`;
    this.log = options.log ?? silentLog;
    this.onHandlerError = options.onHandlerError ?? (() => {});
    this.lingerMs = options.lingerMs ?? SUBSCRIPTION_LINGER_MS;
    this.local = new InProcessPubSub(this.onHandlerError);
    this.publisher = createRedisClient(options.url, 'marquee-publish');
    // Subscriptions are renewed by onSubscriberReady, which (unlike ioredis's autoResubscribe) knows when Redis
    // confirmed them: the resync must read after that, or a change between the read and the SUBSCRIBE is lost.
    this.subscriber = createRedisClient(options.url, 'marquee-subscribe', { autoResubscribe: false });

    this.publisher.on('ready', () => this.onPublisherReady());
    this.publisher.on('close', () => {
      this.publisherReady = false;
      this.updateStatus();
    });
    this.subscriber.on('ready', () => void this.onSubscriberReady());
    this.subscriber.on('close', () => this.onSubscriberClosed());
    // As bytes: with no 'message' listener ioredis does not decode them, and the node's own messages (most of what
    // it receives) are dropped undecoded.
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.onMessage(channel, message),
    );
  }

  get status(): PubSubStatus {
    return this.current;
  }

  /** Resolves true once connected (status 'ready'), false if not within `timeoutMs`. */
  connected(timeoutMs: number): Promise<boolean> {
    if (this.current === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(false);
      }, timeoutMs);
      const off = this.onStatus((status) => {
        if (status !== 'ready') return;
        clearTimeout(timer);
        off();
        resolve(true);
      });
    });
  }

  publish(topic: string, message: unknown, messageText?: () => string): void {
    if (this.closed) return;
    this.local.publish(topic, message);
    if (this.publisher.status !== 'ready') {
      this.missedPublishes = true;
      return;
    }
    let text: string;
    try {
      // A change brings its document's text, already made for its row: JSON.stringify of the envelope would encode
      // the whole document again (the largest cost of a write's publish on a node of a cluster).
      text =
        messageText === undefined
          ? JSON.stringify({ n: this.instanceId, m: message } satisfies Envelope)
          : `${this.envelopeStart},"m":${messageText()}}`;
    } catch (error) {
      this.onHandlerError(error, topic);
      return;
    }
    // A group commit publishes every write of its batch in one go: they leave together at the end of the tick.
    this.outgoing.push(this.topicPrefix + topic, text);
    if (this.outgoing.length === 2) process.nextTick(() => this.sendOutgoing());
  }

  subscribe(topic: string, handler: MessageHandler): Unsubscribe {
    const unsubscribe = this.local.subscribe(topic, handler);
    if (!this.closed && !this.topics.has(topic)) {
      this.topics.add(topic);
      if (this.subscriberLive) this.sendSubscribe(topic);
    }
    this.lingering.delete(topic);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      unsubscribe();
      if (this.local.subscriberCount(topic) > 0 || !this.topics.has(topic)) return;
      if (this.lingerMs > 0) this.linger(topic);
      else this.unsubscribeTopics([topic]);
    };
  }

  /** Keeps `topic` subscribed for lingerMs, then unsubscribes it unless a local subscriber came back. */
  private linger(topic: string): void {
    this.lingering.set(topic, performance.now() + this.lingerMs);
    this.lingerTimer ??= setTimeout(() => this.endLingering(), this.lingerMs).unref();
  }

  /** Unsubscribes the lingering topics whose time is up, and waits for the next one. */
  private endLingering(): void {
    this.lingerTimer = null;
    const now = performance.now();
    const expired: string[] = [];
    let next: number | undefined;
    for (const [topic, until] of this.lingering) {
      if (until > now) {
        next = until;
        break;
      }
      expired.push(topic);
    }
    for (const topic of expired) this.lingering.delete(topic);
    this.unsubscribeTopics(expired);
    if (next !== undefined) this.lingerTimer = setTimeout(() => this.endLingering(), next - now).unref();
  }

  /** Topics no longer subscribed: forgotten, and unsubscribed in Redis (a command per SUBSCRIBE_CHUNK). */
  private unsubscribeTopics(topics: readonly string[]): void {
    const channels: string[] = [];
    for (const topic of topics) {
      if (!this.topics.delete(topic)) continue;
      this.pending.get(topic)?.settle();
      this.pending.delete(topic);
      channels.push(this.topicPrefix + topic);
    }
    if (channels.length === 0 || !this.subscriberLive) return;
    corkUntilTickEnd(this.subscriber);
    for (let start = 0; start < channels.length; start += SUBSCRIBE_CHUNK) {
      this.subscriber.unsubscribe(...channels.slice(start, start + SUBSCRIBE_CHUNK)).catch(() => {});
    }
  }

  whenSubscribed(topic: string): Promise<void> {
    return this.pending.get(topic)?.promise ?? Promise.resolve();
  }

  onStatus(handler: (status: PubSubStatus) => void): Unsubscribe {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  onResync(handler: ResyncHandler): Unsubscribe {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  /** Number of local subscriptions on `topic` (tests). */
  subscriberCount(topic: string): number {
    return this.local.subscriberCount(topic);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.sendOutgoing();
    this.closed = true;
    for (const pending of this.pending.values()) pending.settle();
    this.pending.clear();
    this.topics.clear();
    this.lingering.clear();
    if (this.lingerTimer !== null) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    this.statusHandlers.clear();
    this.resyncHandlers.clear();
    await this.local.close();
    // QUIT lets the publishes already sent (the last writes of a shutdown) reach Redis first.
    await Promise.all([closeRedisClient(this.publisher), closeRedisClient(this.subscriber)]);
    await this.resyncing?.catch(() => {});
  }

  private sendSubscribe(topic: string): void {
    const pending = pendingSubscribe();
    this.pending.get(topic)?.settle();
    this.pending.set(topic, pending);
    const done = () => {
      pending.settle();
      if (this.pending.get(topic) === pending) this.pending.delete(topic);
    };
    // A failure means the connection dropped: the topic is subscribed again, and resynced, on reconnection.
    corkUntilTickEnd(this.subscriber);
    this.subscriber.subscribe(this.topicPrefix + topic).then(done, done);
  }

  /**
   * Sends the tick's messages, in publish order: one alone as a PUBLISH, more as one EVAL of PUBLISH_ALL per
   * PUBLISH_ALL_MAX. Redis runs one connection's commands in order, and a script's PUBLISHes in its order.
   */
  private sendOutgoing(): void {
    const outgoing = this.outgoing;
    if (outgoing.length === 0) return;
    this.outgoing = [];
    // A failure means the messages were lost with the connection (or maybe not): the others resync.
    const missed = () => this.missedPublish();
    if (outgoing.length === 2 || this.scriptRefused) {
      corkUntilTickEnd(this.publisher);
      for (let index = 0; index < outgoing.length; index += 2) {
        this.publisher.publish(outgoing[index]!, outgoing[index + 1]!).catch(missed);
      }
      return;
    }
    const refused = (error: unknown) => {
      if (error instanceof ReplyError && !this.scriptRefused) {
        this.scriptRefused = true;
        this.log.warn(`Redis refused a script (${(error as Error).message}): changes go one PUBLISH each`);
      }
      missed();
    };
    for (let start = 0; start < outgoing.length; start += 2 * PUBLISH_ALL_MAX) {
      const part =
        outgoing.length <= 2 * PUBLISH_ALL_MAX
          ? outgoing
          : outgoing.slice(start, start + 2 * PUBLISH_ALL_MAX);
      this.publisher.eval(PUBLISH_ALL, 0, ...part).catch(refused);
    }
  }

  private onMessage(channelBytes: Buffer, message: Buffer): void {
    // This node's own messages come back from every channel it listens to (its listeners got them at publish):
    // recognised by the envelope's first bytes without decoding them, since they are most of what a node receives.
    const own = this.ownEnvelopeStart;
    const fromHere = message.length >= own.length && message.compare(own, 0, own.length, 0, own.length) === 0;
    if (this.closed || fromHere) return;
    const channel = channelBytes.toString();
    const topic = channel.startsWith(this.topicPrefix) ? channel.slice(this.topicPrefix.length) : null;
    // A lingering topic's messages are for nobody here: not decoded.
    if (topic !== null && this.local.subscriberCount(topic) === 0) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.toString()) as Envelope;
    } catch (error) {
      this.onHandlerError(error, channel);
      return;
    }
    if (channel === this.controlChannel) {
      void this.resync().then((documents) => {
        this.log.info(`Another node missed Redis for a while; listeners caught up (${plural(documents)})`);
      });
      return;
    }
    if (topic !== null) this.local.publish(topic, envelope.m);
  }

  private onPublisherReady(): void {
    if (this.closed) return;
    this.publisherReady = true;
    if (this.missedPublishes) this.askOthersToResync();
    this.updateStatus();
  }

  private missedPublish(): void {
    this.missedPublishes = true;
    // Normally the connection is down and the publisher's return asks; if it is already back, ask now.
    if (this.publisher.status === 'ready' && this.publisherReady) this.askOthersToResync();
  }

  private askOthersToResync(): void {
    this.missedPublishes = false;
    this.publisher
      .publish(this.controlChannel, JSON.stringify({ n: this.instanceId } satisfies Envelope))
      .catch(() => {
        this.missedPublishes = true;
      });
  }

  private onSubscriberClosed(): void {
    this.subscriberLive = false;
    this.subscriberReady = false;
    this.connection++;
    for (const pending of this.pending.values()) pending.settle();
    this.pending.clear();
    this.updateStatus();
  }

  /** Subscribes every topic on the new connection, waits for Redis's answers, then resyncs. */
  private async onSubscriberReady(): Promise<void> {
    if (this.closed) return;
    const connection = ++this.connection;
    this.subscriberLive = true;
    const channels = [this.controlChannel, ...[...this.topics].map((topic) => this.topicPrefix + topic)];
    const answers: Promise<unknown>[] = [];
    for (let start = 0; start < channels.length; start += SUBSCRIBE_CHUNK) {
      answers.push(this.subscriber.subscribe(...channels.slice(start, start + SUBSCRIBE_CHUNK)));
    }
    const results = await Promise.allSettled(answers);
    if (connection !== this.connection || this.closed) return;
    if (results.some((result) => result.status === 'rejected')) {
      // Redis refused (not a dropped connection, which closes it): retry on a fresh connection.
      this.subscriber.disconnect(true);
      return;
    }
    const documents = await this.resync();
    if (connection !== this.connection || this.closed) return;
    this.caughtUp = documents;
    this.subscriberReady = true;
    this.updateStatus();
  }

  /** Runs the resync handlers (again once more if asked meanwhile); resolves with the topics re-read. */
  private resync(): Promise<number> {
    if (this.resyncing !== null) {
      this.resyncAgain = true;
      return this.resyncing.then(() => this.topics.size);
    }
    const run = async () => {
      do {
        this.resyncAgain = false;
        await Promise.allSettled([...this.resyncHandlers].map(async (handler) => handler()));
      } while (this.resyncAgain && !this.closed);
    };
    const count = this.topics.size;
    this.resyncing = run().finally(() => {
      this.resyncing = null;
    });
    return this.resyncing.then(() => Math.max(count, this.topics.size));
  }

  private updateStatus(): void {
    const next: PubSubStatus =
      this.subscriberReady && this.publisherReady ? 'ready' : this.everReady ? 'down' : 'connecting';
    if (next === this.current || this.closed) return;
    const previous = this.current;
    this.current = next;
    if (next === 'ready') {
      this.everReady = true;
      if (previous === 'down') {
        this.log.info(
          this.caughtUp === null
            ? 'Redis connection restored'
            : `Redis connection restored; listeners caught up (${plural(this.caughtUp)})`,
        );
      } else {
        this.log.info('Redis connected: realtime changes are shared with the other nodes');
      }
      this.caughtUp = null;
    } else if (previous === 'ready') {
      this.log.warn('Redis connection lost: realtime changes from other nodes are delayed until it is back');
    }
    for (const handler of [...this.statusHandlers]) {
      try {
        handler(next);
      } catch (error) {
        this.onHandlerError(error, 'status');
      }
    }
  }
}
