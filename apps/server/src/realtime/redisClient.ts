// The ioredis connections of a scaled-out node (docs/architecture.md §Scale): the pub/sub publisher and subscriber and
// the rate limits' client. All fail fast while Redis is away instead of queueing: a realtime change published then is
// covered by the catch-up on reconnect, and a request is never held up by its rate limit.

import { Redis, type RedisOptions } from 'ioredis';

/** Longest wait between reconnection attempts: a restarted Redis is found again within about this. */
export const REDIS_MAX_RECONNECT_DELAY_MS = 1000;

/** Delay before reconnection attempt `attempt` (1, 2, …): 50 ms doubling up to the maximum, plus jitter. */
export function redisReconnectDelay(attempt: number): number {
  const base = Math.min(50 * 2 ** Math.min(attempt - 1, 10), REDIS_MAX_RECONNECT_DELAY_MS);
  return base + Math.floor(Math.random() * 50);
}

/** A client of `url`, named `name` in CLIENT LIST, that reconnects forever and never queues commands. */
export function createRedisClient(url: string, name: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    connectionName: name,
    // CLIENT SETINFO needs Redis 7.2; older servers answer it with an error that is only noise.
    disableClientInfo: true,
    // Commands while disconnected fail at once instead of waiting in a queue for the reconnection…
    enableOfflineQueue: false,
    // …and commands in flight when the connection drops fail at the drop instead of being retried or re-sent
    // (a re-sent PUBLISH could arrive after newer ones).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: redisReconnectDelay,
    ...options,
  });
  // Connection errors are reported by the owner through the connection's status; ioredis would print them.
  client.on('error', () => {});
  return client;
}

/** Sockets corked until the end of the current tick (corkUntilTickEnd). */
const corked = new WeakSet<object>();

/**
 * Holds the commands sent to `client` until the end of the current tick, so that they leave in one write to the
 * socket: ioredis writes each command at once, and a reconnecting fleet's SUBSCRIBEs or a batch's PUBLISHes are
 * thousands in a tick. (Its auto-pipelining would also wait for each pipeline's answers before sending the next.)
 */
export function corkUntilTickEnd(client: Redis): void {
  const stream = client.stream;
  if (stream === undefined || corked.has(stream)) return;
  stream.cork();
  corked.add(stream);
  process.nextTick(() => {
    corked.delete(stream);
    stream.uncork();
  });
}

/** Resolves true once `client` is connected, false if it is not within `timeoutMs` (it keeps trying). */
export async function redisReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}

/** Closes `client`: QUIT when connected (commands sent before it still reach Redis), else at once. */
export async function closeRedisClient(client: Redis, timeoutMs = 2000): Promise<void> {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.quit(),
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
    } catch {
      // the connection dropped meanwhile: disconnect below
    } finally {
      clearTimeout(timer);
    }
  }
  client.disconnect();
}
