// More descriptors of the listening socket, so that a busy node still accepts connections quickly. Node 20's
// libuv (1.45 and later, which stopped accepting in a loop) accepts ONE connection per listening descriptor per turn
// of the event loop. When a fleet reconnects at once (a restart, a network blip), the node's turns grow long with
// the work of the connections it already took, it then accepts a few connections a second, and the rest wait in the
// kernel's queue until their screens give up (REALTIME_CONNECT_TIMEOUT_MS) and come back after their backoff:
// seconds each, and the work done for them is lost.
//
// Each extra descriptor of the same socket accepts one more connection per turn, into the same HTTP server. Node
// has no dup(): a handle sent over an IPC channel arrives as a new descriptor (SCM_RIGHTS), so a short-lived helper
// process sends the listening handle back as many times as needed, which is how Node's cluster module shares one.
// Linux only (elsewhere the node keeps its one descriptor); if the helper fails, the node keeps it too and says so
// in its log.

import { spawn } from 'node:child_process';
import net from 'node:net';

/** Descriptors added beside the server's own: up to this many more connections accepted per turn. */
export const EXTRA_ACCEPTORS = 63;
/** Longest wait for the helper process at start-up. */
const HELPER_TIMEOUT_MS = 5000;

/**
 * The helper: takes the handle, sends it back `count` times, closes its own copy and exits. (`on`, not `once`: a
 * channel without a message listener no longer keeps the process alive, and each handle waits for its receipt.)
 */
const HELPER_SOURCE = `
process.on('message', (message, handle) => {
  let left = message.count;
  const next = (error) => {
    if (error || left-- === 0) {
      handle.close();
      process.disconnect();
      return;
    }
    process.send('acceptor', handle, { keepOpen: true }, next);
  };
  next();
});`;

export interface Acceptors {
  /** Descriptors added (0 when none could be). */
  count: number;
  /** Stops accepting on the added descriptors (the server's own is closed with the server). */
  close(): Promise<void>;
}

interface AcceptorOptions {
  count?: number;
  /** The server's listen backlog: listen() on a descriptor of the socket sets the socket's queue again. */
  backlog: number;
  warn: (message: string) => void;
}

/** None added: what a node has before listening, or where descriptors cannot be added. */
export const NO_ACCEPTORS: Acceptors = { count: 0, close: () => Promise.resolve() };

/** Adds descriptors of `server`'s listening socket whose connections `server` serves as its own. */
export async function addAcceptors(server: net.Server, options: AcceptorOptions): Promise<Acceptors> {
  const count = options.count ?? EXTRA_ACCEPTORS;
  const handle = (server as unknown as { _handle?: object | null })._handle;
  if (process.platform !== 'linux' || count <= 0 || handle == null) return NO_ACCEPTORS;
  let handles: object[];
  try {
    handles = await duplicated(handle, count);
  } catch (error) {
    options.warn(`accepting on one descriptor: ${error instanceof Error ? error.message : String(error)}`);
    return NO_ACCEPTORS;
  }
  const acceptors = await Promise.all(handles.map((copy) => acceptorFor(server, copy, options.backlog)));
  return {
    count: acceptors.length,
    // The descriptors are closed at once; the connections they accepted are the server's to finish (a net server's
    // close callback would wait for them).
    async close() {
      for (const acceptor of acceptors) acceptor.close();
    },
  };
}

/** A net server on `copy` that hands each connection to `server`, with `server`'s socket options. */
async function acceptorFor(server: net.Server, copy: object, backlog: number): Promise<net.Server> {
  const settings = server as net.Server & net.ServerOpts & { keepAliveInitialDelay?: number };
  const acceptor = net.createServer({
    allowHalfOpen: settings.allowHalfOpen,
    pauseOnConnect: settings.pauseOnConnect,
    noDelay: settings.noDelay,
    keepAlive: settings.keepAlive,
    // Kept in seconds on the server, given in milliseconds.
    keepAliveInitialDelay: (settings.keepAliveInitialDelay ?? 0) * 1000,
    highWaterMark: settings.highWaterMark,
  });
  acceptor.on('connection', (socket: net.Socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    acceptor.once('error', reject);
    acceptor.listen(copy, backlog, () => {
      acceptor.off('error', reject);
      resolve();
    });
  });
  return acceptor;
}

/** `count` new descriptors of `handle`'s socket, through the helper process. */
function duplicated(handle: object, count: number): Promise<object[]> {
  return new Promise((resolve, reject) => {
    const helper = spawn(process.execPath, ['-e', HELPER_SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {},
    });
    const copies: object[] = [];
    let settled = false;
    const timer = setTimeout(() => fail(new Error('the helper process did not answer')), HELPER_TIMEOUT_MS);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      helper.kill();
      // An open descriptor of a listening socket still completes handshakes in the kernel.
      for (const copy of copies) (copy as { close(): void }).close();
      reject(error);
    };
    helper.on('error', fail);
    helper.on('message', (_message, copy) => {
      if (copy === undefined) return;
      if (settled) {
        (copy as { close(): void }).close();
        return;
      }
      copies.push(copy);
      if (copies.length < count) return;
      settled = true;
      clearTimeout(timer);
      resolve(copies);
    });
    // 'close' comes after the IPC channel's last message.
    helper.on('close', (code) => {
      if (copies.length < count) fail(new Error(`the helper process ended (${code}) early`));
    });
    helper.send({ count }, handle as net.Server);
  });
}
