// The realtime database on the server (docs/protocols/realtime.md §Messages): the WebSocket hub at /realtime and the
// REST read fallback at /db/*. The hub is exposed as `app.realtimeHub` (node id, stats, sweep) for metrics, benchmarks
// and tests.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import WebSocket from 'ws';
import { REALTIME_MAX_FRAME_BYTES } from '@marquee/protocol';
import { RealtimeHub, type RealtimeHubOptions } from './hub';
import { restRoutes } from './restRoutes';

declare module 'fastify' {
  interface FastifyInstance {
    realtimeHub: RealtimeHub;
  }
}

export type RealtimePluginOptions = RealtimeHubOptions;

/**
 * Lets go of what the HTTP upgrade left behind: @fastify/websocket routes the upgrade through fastify with a
 * ServerResponse assigned to the socket, and its error listener holds fastify's request and reply. Both stayed for
 * the connection's life, Node's and fastify's request and response objects with their headers and logger: about
 * 2 KB of heap a connection, a sixth of it, for nothing (and more to mark at every full collection). Released, the
 * upgrade is no longer counted as an HTTP request when the socket closes, with the connection's life as its
 * duration: the hub counts its connections.
 */
function releaseUpgrade(socket: WebSocket, request: IncomingMessage, onError: (error: Error) => void): void {
  const raw = request.socket as Socket & { _httpMessage?: ServerResponse | null };
  raw._httpMessage?.detachSocket(raw);
  socket.removeAllListeners('error');
  socket.on('error', onError);
}

/** Routes and the socket server, in their own context so @fastify/websocket's hooks touch only them. */
const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  const onSocketError = function (this: WebSocket, error: Error) {
    // Protocol errors (oversized or malformed frames): ws is already closing with the right code.
    app.log.debug({ err: error }, 'realtime socket error');
    if (this.readyState === WebSocket.OPEN) this.terminate();
  };
  await app.register(websocket, {
    // A larger frame closes the socket with 1009 (REALTIME_CLOSE_TOO_BIG); ws does it itself. The hub keeps its
    // sockets: ws's own set of them would be a second entry and a close listener per connection.
    options: { maxPayload: REALTIME_MAX_FRAME_BYTES, clientTracking: false },
    errorHandler(error, socket) {
      onSocketError.call(socket, error);
    },
    // Replaces the default, which closes every client without a code: the hub closes them with 1001 and runs their
    // onDisconnect actions before the database closes.
    async preClose(this: FastifyInstance) {
      await hub.close();
      this.websocketServer.close();
    },
  });
  app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket, request) => {
    releaseUpgrade(socket, request.raw, onSocketError);
    hub.accept(socket);
  });
  await app.register(restRoutes, { rules: hub.rules });
};

async function realtime(app: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  const hub = new RealtimeHub(app.services, app.log.child({ module: 'realtime' }), options);
  await hub.start();
  app.decorate('realtimeHub', hub);
  await app.register(realtimeRoutes, { hub });
}

// Not encapsulated (as fastify-plugin does): `realtimeHub` is decorated on the application itself.
Object.assign(realtime, { [Symbol.for('skip-override')]: true });

export const realtimePlugin: FastifyPluginAsync<RealtimePluginOptions> = realtime;
