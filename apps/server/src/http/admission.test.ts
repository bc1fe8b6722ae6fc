// Admission of connections on a real HTTP server: at most maxSettingUp connections are served at a time, the
// others wait unread in order of arrival and are served as places free up (a setup done, a connection closed, a
// place held too long); one that waited longer than its client would is closed unread; connections another server
// hands over (the extra acceptors) wait the same way; at close, the waiting ones are closed and the server closes.

import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptors } from './acceptors';
import { admitConnections, SHED_SLICE, type Admission, type AdmissionOptions } from './admission';

interface Harness {
  server: http.Server;
  port: number;
  admission: Admission;
  /** Requests received and not answered yet, in order of arrival, by the path they asked for. */
  pending: Map<string, http.ServerResponse>;
  arrived: string[];
  /** Resolves once `count` requests have arrived in all. */
  arrivals(count: number): Promise<void>;
}

async function harness(options: AdmissionOptions): Promise<Harness> {
  const pending = new Map<string, http.ServerResponse>();
  const arrived: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    arrived.push(path);
    pending.set(path, response);
    for (const waiter of waiters.filter((waiter) => arrived.length >= waiter.count)) waiter.resolve();
  });
  const admission = admitConnections(server, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as net.AddressInfo).port,
    admission,
    pending,
    arrived,
    arrivals: (count) =>
      arrived.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
  };
}

/** A raw connection that sends one GET of `path` and collects what it receives. */
function client(port: number, path: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`);
  return { socket, closed, received: () => received };
}

/** Lets the loop run a few turns: what was going to arrive has. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Answers the request of `path` and says its connection's setup is done, as the app does once it responded. */
function respond(h: Harness, path: string): void {
  const response = h.pending.get(path)!;
  h.pending.delete(path);
  response.end('done');
  h.admission.settled(response.req.socket);
}

describe('admission of connections', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function started(options: AdmissionOptions): Promise<Harness> {
    const h = await harness(options);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          h.admission.close();
          h.server.closeAllConnections();
          h.server.close(() => resolve());
        }),
    );
    return h;
  }

  it('serves at most maxSettingUp connections at a time, the next in order as soon as one is set up', async () => {
    const h = await started({ maxSettingUp: 2 });
    const clients = ['/a', '/b', '/c', '/d'].map((path) => client(h.port, path));
    cleanups.push(() => clients.forEach((c) => c.socket.destroy()));
    await h.arrivals(2);
    await settle();
    expect(h.arrived).toEqual(['/a', '/b']);
    expect(h.admission.stats()).toEqual({ settingUp: 2, waiting: 2, shed: 0 });

    respond(h, '/b');
    await h.arrivals(3);
    await settle();
    expect(h.arrived).toEqual(['/a', '/b', '/c']);
    expect(clients[1]!.received()).toContain('done');

    respond(h, '/a');
    await h.arrivals(4);
    expect(h.arrived).toEqual(['/a', '/b', '/c', '/d']);
    expect(h.admission.stats()).toEqual({ settingUp: 2, waiting: 0, shed: 0 });
  });

  it('keeps nothing of its own on a connection once it is set up', async () => {
    const h = await started({ maxSettingUp: 1 });
    const first = client(h.port, '/first');
    cleanups.push(() => void first.socket.destroy());
    await h.arrivals(1);
    const socket = h.pending.get('/first')!.req.socket;
    const whileSettingUp = socket.listenerCount('close');
    respond(h, '/first');
    expect(socket.listenerCount('close')).toBe(whileSettingUp - 1);
  });

  it('gives the place of a connection that closes to the next one', async () => {
    const h = await started({ maxSettingUp: 1 });
    const first = client(h.port, '/first');
    await h.arrivals(1);
    const second = client(h.port, '/second');
    cleanups.push(() => void second.socket.destroy());
    await settle();
    expect(h.arrived).toEqual(['/first']);

    first.socket.destroy();
    await h.arrivals(2);
    expect(h.arrived).toEqual(['/first', '/second']);
  });

  it('gives up a place held longer than holdMs', async () => {
    let now = 0;
    let tick: (() => void) | null = null;
    const h = await started({
      maxSettingUp: 1,
      holdMs: 1000,
      now: () => now,
      every: (_ms, task) => {
        tick = task;
        return () => (tick = null);
      },
    });
    const idle = net.connect(h.port, '127.0.0.1').on('error', () => {});
    cleanups.push(() => void idle.destroy());
    await settle();
    const waiting = client(h.port, '/waiting');
    cleanups.push(() => void waiting.socket.destroy());
    await settle();
    expect(h.arrived).toEqual([]);

    now = 999;
    tick!();
    await settle();
    expect(h.arrived).toEqual([]);

    now = 1000;
    tick!();
    await h.arrivals(1);
    expect(h.arrived).toEqual(['/waiting']);
  });

  it('closes unread a connection that waited longer than maxWaitMs and serves the next one', async () => {
    let now = 0;
    const h = await started({ maxSettingUp: 1, maxWaitMs: 1000, now: () => now });
    const first = client(h.port, '/first');
    await h.arrivals(1);
    const stale = client(h.port, '/stale');
    await settle();
    now = 500;
    const fresh = client(h.port, '/fresh');
    cleanups.push(() => [first, stale, fresh].forEach((c) => c.socket.destroy()));
    await settle();
    expect(h.admission.stats()).toEqual({ settingUp: 1, waiting: 2, shed: 0 });

    now = 1001;
    respond(h, '/first');
    await h.arrivals(2);
    await stale.closed;
    expect(stale.received()).toBe('');
    expect(h.arrived).toEqual(['/first', '/fresh']);
    expect(h.admission.stats()).toEqual({ settingUp: 1, waiting: 0, shed: 1 });
  });

  it('closes stale connections a slice per turn and then serves the fresh ones', async () => {
    let now = 0;
    const h = await started({ maxSettingUp: 1, maxWaitMs: 1000, now: () => now });
    const first = client(h.port, '/first');
    await h.arrivals(1);
    const stale = Array.from({ length: SHED_SLICE + 20 }, (_, index) => client(h.port, `/stale-${index}`));
    await settle();
    now = 2000;
    const fresh = client(h.port, '/fresh');
    cleanups.push(() => [first, fresh, ...stale].forEach((c) => c.socket.destroy()));
    await settle();
    expect(h.admission.stats().waiting).toBe(SHED_SLICE + 21);

    respond(h, '/first');
    expect(h.admission.stats().shed).toBe(SHED_SLICE); // the rest on the next turn
    await h.arrivals(2);
    await Promise.all(stale.map((c) => c.closed));
    expect(h.arrived).toEqual(['/first', '/fresh']);
    expect(h.admission.stats()).toEqual({ settingUp: 1, waiting: 0, shed: SHED_SLICE + 20 });
  });

  it.runIf(process.platform === 'linux')(
    'holds back the connections the extra acceptors hand over too',
    async () => {
      const h = await started({ maxSettingUp: 1 });
      const acceptors = await addAcceptors(h.server, { count: 8, backlog: 512, warn: () => {} });
      cleanups.push(() => acceptors.close());
      expect(acceptors.count).toBe(8);
      const clients = Array.from({ length: 12 }, (_, index) => client(h.port, `/${index}`));
      cleanups.push(() => clients.forEach((c) => c.socket.destroy()));
      await h.arrivals(1);
      await settle();
      expect(h.arrived).toHaveLength(1);
      expect(h.admission.stats()).toEqual({ settingUp: 1, waiting: 11, shed: 0 });

      for (let served = 1; served < 12; served++) {
        respond(h, h.arrived[served - 1]!);
        await h.arrivals(served + 1);
      }
      expect([...h.arrived].sort()).toEqual(clients.map((_, index) => `/${index}`).sort());
    },
  );

  it('closes the connections still waiting at close, so the server closes', async () => {
    const h = await harness({ maxSettingUp: 1 });
    const served = client(h.port, '/served');
    await h.arrivals(1);
    const waiting = client(h.port, '/waiting');
    await settle();
    expect(h.admission.stats().waiting).toBe(1);

    h.admission.close();
    await waiting.closed;
    expect(waiting.received()).toBe('');
    respond(h, '/served');
    served.socket.end();
    await new Promise<void>((resolve) => h.server.close(() => resolve()));
    expect(h.arrived).toEqual(['/served']);
  });
});
