// RedisPubSub against a real redis-server (docs/testing.md §Testbed): two instances are two nodes.

import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '@marquee/testbed';
import type { PubSub, PubSubStatus } from './pubsub';
import { RedisPubSub } from './redisPubSub';

let redis: RedisServer;
let admin: Redis;
const opened: RedisPubSub[] = [];

beforeAll(async () => {
  redis = await startRedis();
  admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  admin.on('error', () => {});
});
afterAll(async () => {
  admin.disconnect();
  await redis.close();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
  if (!redis.running()) await redis.start();
});

interface Logged {
  level: 'info' | 'warn';
  message: string;
}

/** A node; its topics are unsubscribed as soon as their last subscriber leaves unless `lingerMs` says otherwise. */
async function node(logged: Logged[] = [], url = redis.url, lingerMs = 0): Promise<RedisPubSub> {
  const pubsub = new RedisPubSub({
    url,
    channelPrefix: 'test:',
    lingerMs,
    log: {
      info: (message) => logged.push({ level: 'info', message }),
      warn: (message) => logged.push({ level: 'warn', message }),
    },
  });
  opened.push(pubsub);
  expect(await pubsub.connected(10_000)).toBe(true);
  return pubsub;
}

/** A TCP proxy to 127.0.0.1:`port` that holds what clients send for `delayMs` (answers are not delayed). */
async function delayingProxy(
  port: number,
  delayMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${proxyPort}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Subscribes and waits until Redis confirmed it; returns what the handler received. */
async function collect(pubsub: PubSub, topic: string): Promise<{ received: unknown[]; stop: () => void }> {
  const received: unknown[] = [];
  const stop = pubsub.subscribe(topic, (message) => received.push(message));
  await pubsub.whenSubscribed(topic);
  return { received, stop };
}

function statusOf(pubsub: PubSub): PubSubStatus {
  return pubsub.status;
}

async function subscriptionsOf(topic: string): Promise<number> {
  const reply = (await admin.call('PUBSUB', 'NUMSUB', `test:t:${topic}`)) as [string, number];
  return Number(reply[1]);
}

/** How many PUBLISH and EVAL commands Redis has run since it started (a script's own commands included). */
async function commandCalls(): Promise<{ publish: number; eval: number }> {
  const stats = String(await admin.info('commandstats'));
  const calls = (command: string) =>
    Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  return { publish: calls('publish'), eval: calls('eval') };
}

/** The writes to sockets (one buffer, or several gathered) while `act` runs and until the next turn. */
async function socketWrites(act: () => void): Promise<{ single: number; gathered: number }> {
  const writes = { single: 0, gathered: 0 };
  const socket = net.Socket.prototype as unknown as Record<
    '_write' | '_writev',
    (...args: unknown[]) => void
  >;
  const [write, writev] = [socket._write, socket._writev];
  socket._write = function (this: unknown, ...args: unknown[]) {
    writes.single++;
    return write.apply(this, args);
  };
  socket._writev = function (this: unknown, ...args: unknown[]) {
    writes.gathered++;
    return writev.apply(this, args);
  };
  try {
    act();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    [socket._write, socket._writev] = [write, writev];
  }
  return writes;
}

describe('RedisPubSub', () => {
  it('delivers a message to the other node once, and to its own node once, synchronously', async () => {
    const [a, b] = [await node(), await node()];
    const onA = await collect(a, 'doc');
    const onB = await collect(b, 'doc');
    a.publish('doc', { revision: 1, value: { x: [1, 'two', null] } });
    expect(onA.received).toEqual([{ revision: 1, value: { x: [1, 'two', null] } }]);
    await expect.poll(() => onB.received).toEqual([{ revision: 1, value: { x: [1, 'two', null] } }]);
    // A's copy came back from Redis too, and was skipped: a later message of B arrives after it.
    b.publish('doc', 'from b');
    await expect
      .poll(() => onA.received)
      .toEqual([{ revision: 1, value: { x: [1, 'two', null] } }, 'from b']);
    expect(onB.received).toHaveLength(2);
  });

  it('takes messages beyond ASCII from another node, and reports what no node sent without stopping', async () => {
    const errors: string[] = [];
    const a = new RedisPubSub({
      url: redis.url,
      channelPrefix: 'test:',
      onHandlerError: (_error, topic) => errors.push(topic),
    });
    opened.push(a);
    expect(await a.connected(10_000)).toBe(true);
    const b = await node();
    const onA = await collect(a, 'doc');
    // Shorter than an envelope's start, a start cut short, not JSON: someone else's, on the node's channel.
    for (const stray of ['x', '{"n":', 'not json']) await admin.publish('test:t:doc', stray);
    b.publish('doc', { text: 'é ✓ 😀 "quoted" \\ back' });
    await expect.poll(() => onA.received).toEqual([{ text: 'é ✓ 😀 "quoted" \\ back' }]);
    expect(errors).toEqual(['test:t:doc', 'test:t:doc', 'test:t:doc']);
  });

  it("sends a message's own JSON text when the publisher gives it, and its own node gets the message", async () => {
    const [a, b] = [await node(), await node()];
    const onA = await collect(a, 'doc');
    const onB = await collect(b, 'doc');
    let encoded = 0;
    a.publish('doc', { revision: 2, value: 'é' }, () => {
      encoded++;
      return '{"revision":2,"value":"é","from":"text"}';
    });
    expect(onA.received).toEqual([{ revision: 2, value: 'é' }]);
    await expect.poll(() => onB.received).toEqual([{ revision: 2, value: 'é', from: 'text' }]);
    expect(encoded).toBe(1);
  });

  it('keeps the publish order of one node, for many rapid messages', async () => {
    const [a, b] = [await node(), await node()];
    const onB = await collect(b, 'doc');
    const count = 2500; // in one tick: sent as several commands
    for (let i = 1; i <= count; i++) a.publish('doc', i);
    await expect.poll(() => onB.received.length, { timeout: 20_000 }).toBe(count);
    expect(onB.received).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('sends the messages published in one tick to Redis in one write and one command, and each arrives', async () => {
    const [a, b] = [await node(), await node()];
    const onB = await collect(b, 'doc');
    const before = await commandCalls();
    const writes = await socketWrites(() => {
      for (let i = 1; i <= 50; i++) a.publish('doc', i);
    });
    expect(writes.single + writes.gathered).toBe(1);
    await expect.poll(() => onB.received.length).toBe(50);
    expect(onB.received).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const after = await commandCalls();
    expect(after.eval - before.eval).toBe(1); // Redis counts the script's PUBLISHes too
    // A message alone in its tick is a plain PUBLISH.
    a.publish('doc', 51);
    await expect.poll(() => onB.received.length).toBe(51);
    const last = await commandCalls();
    expect([last.eval - after.eval, last.publish - after.publish]).toEqual([0, 1]);
  });

  it('publishes one PUBLISH per message once Redis refuses its script, after the others resynced', async () => {
    // A Redis user that may not run scripts (an ACL, as some hosted Redis services impose).
    await admin.call('ACL', 'SETUSER', 'noscripts', 'on', 'nopass', '~*', '&*', '+@all', '-eval');
    const logged: Logged[] = [];
    const a = await node(logged, redis.url.replace('redis://', 'redis://noscripts@'));
    const b = await node();
    const onB = await collect(b, 'doc');
    let resyncs = 0;
    b.onResync(async () => {
      resyncs++;
    });
    a.publish('doc', 1);
    a.publish('doc', 2); // one tick: a script, refused
    await expect.poll(() => resyncs).toBe(1);
    expect(logged.filter((entry) => entry.level === 'warn').map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^Redis refused a script \(NOPERM.*\): changes go one PUBLISH each$/),
    ]);
    a.publish('doc', 3);
    a.publish('doc', 4);
    await expect.poll(() => onB.received).toEqual([3, 4]);
    await admin.call('ACL', 'DELUSER', 'noscripts');
  });

  it('subscribes, and unsubscribes, the topics of one tick in one write', async () => {
    const a = await node();
    const topics = Array.from({ length: 50 }, (_, i) => `doc-${i}`);
    let stops: (() => void)[] = [];
    expect(await socketWrites(() => (stops = topics.map((topic) => a.subscribe(topic, () => {}))))).toEqual({
      single: 0,
      gathered: 1,
    });
    await Promise.all(topics.map((topic) => a.whenSubscribed(topic)));
    expect(await subscriptionsOf('doc-49')).toBe(1);
    expect(await socketWrites(() => stops.forEach((stop) => stop()))).toEqual({ single: 0, gathered: 1 });
    await expect.poll(() => subscriptionsOf('doc-49')).toBe(0);
  });

  it('keeps a topic subscribed for a while after its last subscriber left, then unsubscribes it', async () => {
    const a = await node([], redis.url, 400);
    const b = await node();
    const topics = Array.from({ length: 20 }, (_, i) => `linger-${i}`);
    const first = await Promise.all(topics.map((topic) => collect(a, topic)));
    // The subscribers leave (a fleet dropping): nothing is sent to Redis, and the channels stay subscribed.
    expect(await socketWrites(() => first.forEach(({ stop }) => stop()))).toEqual({ single: 0, gathered: 0 });
    expect(await subscriptionsOf('linger-0')).toBe(1);
    // They come back in time: no SUBSCRIBE, nothing to wait for, and the other node's messages arrive.
    let again: { received: unknown[]; stop: () => void }[] = [];
    expect(
      await socketWrites(() => {
        again = topics.map((topic) => {
          const received: unknown[] = [];
          return { received, stop: a.subscribe(topic, (message) => received.push(message)) };
        });
      }),
    ).toEqual({ single: 0, gathered: 0 });
    b.publish('linger-7', 'back');
    await expect.poll(() => again[7]!.received).toEqual(['back']);
    // Gone for good: after the linger, every channel is unsubscribed.
    const left = performance.now();
    again.forEach(({ stop }) => stop());
    await expect.poll(() => subscriptionsOf('linger-19'), { timeout: 5000 }).toBe(0);
    expect(performance.now() - left).toBeGreaterThanOrEqual(400);
    expect(await subscriptionsOf('linger-0')).toBe(0);
    // A topic subscribed again afterwards is subscribed again in Redis.
    const last = await collect(a, 'linger-3');
    expect(await subscriptionsOf('linger-3')).toBe(1);
    b.publish('linger-3', 'again');
    await expect.poll(() => last.received).toEqual(['again']);
  });

  it('has a subscription confirmed by Redis when whenSubscribed resolves', async () => {
    const a = await node();
    // B reaches Redis through a slow link: a publish right after sending SUBSCRIBE would overtake it.
    const slow = await delayingProxy(redis.port, 100);
    try {
      const b = await node([], slow.url);
      for (let i = 0; i < 5; i++) {
        const topic = `doc-${i}`;
        const onB = await collect(b, topic);
        a.publish(topic, i);
        await expect.poll(() => onB.received).toEqual([i]);
      }
    } finally {
      await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
      await slow.close();
    }
  });

  it('holds one Redis subscription per topic, whatever the number of local handlers', async () => {
    const a = await node();
    const first = await collect(a, 'doc');
    const second = await collect(a, 'doc');
    expect(await subscriptionsOf('doc')).toBe(1);
    first.stop();
    first.stop(); // twice: harmless
    expect(await subscriptionsOf('doc')).toBe(1);
    second.stop();
    await expect.poll(() => subscriptionsOf('doc')).toBe(0);
    // Subscribing again after the last one left works (UNSUBSCRIBE and SUBSCRIBE keep their order).
    const again = await collect(a, 'doc');
    expect(await subscriptionsOf('doc')).toBe(1);
    again.stop();
  });

  it('serves its own subscribers while Redis is down, keeps them across a restart, and resyncs', async () => {
    const logged: Logged[] = [];
    const [a, b] = [await node(logged), await node()];
    const onA = await collect(a, 'doc');
    const onB = await collect(b, 'doc');
    await collect(a, 'solo');
    let resyncs = 0;
    let subscribedAtResync = -1;
    a.onResync(async () => {
      resyncs++;
      subscribedAtResync = await subscriptionsOf('solo');
    });
    const statuses: PubSubStatus[] = [];
    a.onStatus((status) => statuses.push(status));

    await redis.stop();
    await expect.poll(() => statusOf(a)).toBe('down');
    expect(() => a.publish('doc', 'while down')).not.toThrow();
    expect(onA.received).toEqual(['while down']);
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'Redis connection lost: realtime changes from other nodes are delayed until it is back',
    });

    await redis.start();
    await expect.poll(() => statusOf(a), { timeout: 15_000 }).toBe('ready');
    await expect.poll(() => statusOf(b), { timeout: 15_000 }).toBe('ready');
    expect(statuses).toEqual(['down', 'ready']);
    expect(resyncs).toBe(1);
    // The resync ran once Redis had confirmed the node's subscriptions again.
    expect(subscribedAtResync).toBe(1);
    expect(logged.at(-1)).toEqual({
      level: 'info',
      message: 'Redis connection restored; listeners caught up (2 documents)',
    });
    // Nothing published while Redis was down arrives late.
    b.publish('doc', 'after');
    await expect.poll(() => onA.received).toEqual(['while down', 'after']);
    a.publish('doc', 'from a');
    await expect.poll(() => onB.received).toEqual(['after', 'from a']);
  });

  it('makes the other nodes resync when its publisher was away while theirs were not', async () => {
    const [a, b] = [await node(), await node()];
    const onB = await collect(b, 'doc');
    let resyncsOfB = 0;
    b.onResync(() => {
      resyncsOfB++;
    });
    // Cut A's publisher connection only (a network hiccup): B's subscriber notices nothing.
    const clients = String(await admin.call('CLIENT', 'LIST')).split('\n');
    const publishers = clients.filter((line) => line.includes(' name=marquee-publish '));
    expect(publishers).toHaveLength(2);
    for (const line of publishers) {
      const id = /(?:^|\s)id=(\d+)/.exec(line)![1]!;
      await admin.call('CLIENT', 'KILL', 'ID', id);
    }
    a.publish('doc', 'maybe lost'); // during the reconnection: dropped, not queued
    await expect.poll(() => resyncsOfB, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => statusOf(a)).toBe('ready');
    a.publish('doc', 'next');
    await expect.poll(() => onB.received.at(-1)).toBe('next');
    expect(onB.received.filter((message) => message === 'next')).toHaveLength(1);
  });

  it('closes its connections and delivers nothing afterwards', async () => {
    const a = await node();
    const received: unknown[] = [];
    a.subscribe('doc', (message) => received.push(message));
    const named = async () =>
      String(await admin.call('CLIENT', 'LIST'))
        .split('\n')
        .filter((line) => / name=marquee-(publish|subscribe) /.test(line)).length;
    expect(await named()).toBe(2);
    await a.close();
    a.publish('doc', 'late');
    expect(received).toEqual([]);
    await expect.poll(named).toBe(0);
  });

  it('starts while Redis is down, says so, and connects when it is up', async () => {
    await redis.stop();
    const pubsub = new RedisPubSub({ url: redis.url, channelPrefix: 'test:' });
    opened.push(pubsub);
    expect(await pubsub.connected(300)).toBe(false);
    expect(pubsub.status).toBe('connecting');
    const received: unknown[] = [];
    pubsub.subscribe('doc', (message) => received.push(message));
    await pubsub.whenSubscribed('doc'); // does not wait for Redis
    pubsub.publish('doc', 1);
    expect(received).toEqual([1]);
    await redis.start();
    expect(await pubsub.connected(15_000)).toBe(true);
    expect(await subscriptionsOf('doc')).toBe(1);
  });
});
