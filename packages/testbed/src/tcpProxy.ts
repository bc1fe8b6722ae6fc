// A TCP proxy in the test process in front of a service (a server node's port), for tests that need the network to
// fail under a client: cutAll() drops every connection through it at once, both sides, as a network drop would,
// while the service and the client carry on and may connect again. Bytes pass through untouched (HTTP, WebSocket).

import net from 'node:net';
import { LOOPBACK } from './freePort';

export interface TcpProxy {
  /** Where clients connect: 127.0.0.1:{port}. */
  readonly port: number;
  /** Connections open through it now. */
  connections(): number;
  /** Destroys every open connection, both sides; answers how many there were. */
  cutAll(): number;
  /** Cuts every connection and stops listening. */
  close(): Promise<void>;
}

/** Proxies 127.0.0.1:{a port of its own} to 127.0.0.1:{targetPort}. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const cuts = new Set<() => void>();
  // Half-open on both sides: a FIN is passed on (by pipe) instead of ending the other direction early.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ port: targetPort, host: LOOPBACK, allowHalfOpen: true });
    const cut = () => {
      cuts.delete(cut);
      client.destroy();
      upstream.destroy();
    };
    cuts.add(cut);
    for (const socket of [client, upstream]) {
      socket.on('error', cut);
      socket.on('close', cut);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const cutAll = () => {
    const open = [...cuts];
    for (const cut of open) cut();
    return open.length;
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => cuts.size,
    cutAll,
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
