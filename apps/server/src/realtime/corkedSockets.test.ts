import net from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { CorkedSockets, type Corked } from './corkedSockets';

describe('CorkedSockets', () => {
  it('uncorks every connection corked before the tick, in order, with one tick callback', () => {
    const ticks: (() => void)[] = [];
    const corks = new CorkedSockets((flush) => ticks.push(flush));
    const uncorked: string[] = [];
    const connection = (name: string): Corked => ({ uncork: () => uncorked.push(name) });
    corks.add(connection('a'));
    corks.add(connection('b'));
    corks.add(connection('c'));
    expect(ticks).toHaveLength(1);
    expect(uncorked).toEqual([]);
    ticks[0]!();
    expect(uncorked).toEqual(['a', 'b', 'c']);
    // A connection corked after the flush waits for a tick of its own.
    corks.add(connection('d'));
    expect(ticks).toHaveLength(2);
    ticks[1]!();
    expect(uncorked).toEqual(['a', 'b', 'c', 'd']);
  });

  describe('on real sockets', () => {
    let server: net.Server | null = null;
    afterEach(() => server?.close());

    it('sends what was written while corked in one piece, on the next tick', async () => {
      const received: Buffer[] = [];
      server = net.createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const corks = new CorkedSockets();
      socket.cork();
      corks.add({ uncork: () => socket.uncork() });
      socket.write('one,');
      socket.write('two,');
      socket.write('three');
      expect(socket.writableCorked).toBe(1);
      await new Promise((resolve) => process.nextTick(resolve));
      expect(socket.writableCorked).toBe(0);
      while (Buffer.concat(received).length < 'one,two,three'.length)
        await new Promise((r) => setTimeout(r, 5));
      expect(received.map(String)).toEqual(['one,two,three']);
      socket.destroy();
    });
  });
});
