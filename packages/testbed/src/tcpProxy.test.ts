import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/** Connects to `port` and resolves once connected. */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The next chunk `socket` receives, as text. */
const received = (socket: net.Socket) =>
  new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))));

describe('startTcpProxy', () => {
  const upstreamSockets: net.Socket[] = [];
  let upstream: net.Server;
  let proxy: TcpProxy;

  beforeAll(async () => {
    // An echo service that remembers its side of each connection.
    upstream = net.createServer((socket) => {
      upstreamSockets.push(socket);
      socket.on('error', () => {});
      socket.pipe(socket);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy((upstream.address() as net.AddressInfo).port);
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('passes bytes both ways', async () => {
    const client = await connect(proxy.port);
    const echo = received(client);
    client.write('hello');
    expect(await echo).toBe('hello');
    client.destroy();
    await expect.poll(() => proxy.connections()).toBe(0);
  });

  it('cuts every connection on both sides at once, and takes new ones afterwards', async () => {
    const clients = await Promise.all([connect(proxy.port), connect(proxy.port)]);
    await Promise.all(
      clients.map(async (client) => {
        const echo = received(client);
        client.write('up');
        await echo;
      }),
    );
    expect(proxy.connections()).toBe(2);
    const closed = [...clients, ...upstreamSockets.slice(-2)].map(
      (socket) => new Promise((resolve) => socket.once('close', resolve)),
    );
    expect(proxy.cutAll()).toBe(2);
    await Promise.all(closed);
    expect(proxy.connections()).toBe(0);

    const again = await connect(proxy.port);
    const echo = received(again);
    again.write('back');
    expect(await echo).toBe('back');
    again.destroy();
  });
});
