// Extra descriptors of a real HTTP server's listening socket: while the event loop's turns are long (held 10 ms
// each), the server accepts one connection per turn on its own descriptor and one more per added descriptor, the
// kernel's queue keeps the server's backlog, every connection is served by the same HTTP server, and once closed no
// descriptor accepts anything.

import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptors, type Acceptors } from './acceptors';

const BACKLOG = 4096;
const CLIENTS = 2000;
const TURNS = 40;

async function listening(): Promise<{ server: http.Server; port: number; accepted: () => number }> {
  const server = http.createServer((_request, response) => response.end('served'));
  let accepted = 0;
  server.on('connection', () => accepted++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', BACKLOG, resolve));
  return { server, port: (server.address() as net.AddressInfo).port, accepted: () => accepted };
}

/**
 * How many descriptors of this process hold a socket listening on 127.0.0.1:`port` (Linux: /proc/net/tcp and
 * /proc/self/fd; added acceptors are duplicates of one socket). Asked of the kernel rather than by connecting: once
 * the port is free, another test may listen on it.
 */
function listeningDescriptors(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = new Set(
    fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[1] === local && columns[3] === '0A')
      .map((columns) => `socket:[${columns[9]}]`),
  );
  let count = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (listening.has(fs.readlinkSync(`/proc/self/fd/${fd}`))) count++;
    } catch {
      // closed while listed
    }
  }
  return count;
}

/** Opens `count` connections, then holds the loop for `turns` turns of 10 ms; answers how many were accepted. */
async function acceptedInLongTurns(port: number, accepted: () => number, count: number, turns: number) {
  const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1').on('error', () => {}));
  const before = accepted();
  await new Promise<void>((resolve) => {
    let left = turns;
    const turn = () => {
      const end = Date.now() + 10;
      while (Date.now() < end);
      if (--left === 0) resolve();
      else setImmediate(turn);
    };
    setImmediate(turn);
  });
  const during = accepted() - before;
  for (const socket of sockets) socket.destroy();
  return during;
}

function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('extra acceptors of a listening socket', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('accept one more connection per turn each, into the same server, keeping the backlog', async () => {
    const plain = await listening();
    cleanups.push(() => new Promise((resolve) => plain.server.close(() => resolve())));
    const alone = await acceptedInLongTurns(plain.port, plain.accepted, CLIENTS, TURNS);
    // One per turn (a turn or two more at the edges).
    expect(alone).toBeLessThanOrEqual(TURNS + 2);

    const target = await listening();
    const warnings: string[] = [];
    const acceptors: Acceptors = await addAcceptors(target.server, {
      count: 63,
      backlog: BACKLOG,
      warn: (message) => warnings.push(message),
    });
    cleanups.push(async () => {
      await acceptors.close();
      target.server.closeAllConnections();
      await new Promise((resolve) => target.server.close(resolve));
    });
    expect(warnings).toEqual([]);
    expect(acceptors.count).toBe(63);
    const many = await acceptedInLongTurns(target.port, target.accepted, CLIENTS, TURNS);
    // 64 a turn: every client within the turns, more than the 511 connections a reset backlog would have queued.
    expect(many).toBe(CLIENTS);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(target.port)));
    expect(new Set(answers)).toEqual(new Set(['served']));
  });

  it('accept nothing once closed with the server', async () => {
    const target = await listening();
    const acceptors = await addAcceptors(target.server, { count: 4, backlog: BACKLOG, warn: () => {} });
    expect(await get(target.port)).toBe('served');
    expect(listeningDescriptors(target.port)).toBe(5); // the server's descriptor and the four added
    await acceptors.close();
    target.server.closeAllConnections();
    await new Promise((resolve) => target.server.close(resolve));
    expect(listeningDescriptors(target.port)).toBe(0);
  });
});
