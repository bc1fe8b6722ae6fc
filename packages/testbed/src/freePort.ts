// A free TCP port on 127.0.0.1, picked by the kernel. Services started by the testbed listen only on loopback.

import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Resolves once something accepts TCP connections on `port`, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: LOOPBACK });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (performance.now() > deadline)
      throw new Error(`${what} did not listen on ${LOOPBACK}:${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
