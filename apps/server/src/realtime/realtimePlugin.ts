// The realtime database on the server (docs/protocols/realtime.md §Messages): the WebSocket hub at /realtime and the
// REST read fallback at /db/*. The hub is exposed as `app.realtimeHub` (node id, stats, sweep) for metrics, benchmarks
// and tests.

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

/** Routes and the socket server, in their own context so @fastify/websocket's hooks touch only them. */
const realtimeRoutes: FastifyPluginAsync<{ hub: RealtimeHub }> = async (app, { hub }) => {
  await app.register(websocket, {
    // A larger frame closes the socket with 1009 (REALTIME_CLOSE_TOO_BIG); ws does it itself.
    options: { maxPayload: REALTIME_MAX_FRAME_BYTES },
    errorHandler(error, socket) {
      // Protocol errors (oversized or malformed frames): ws is already closing with the right code.
      app.log.debug({ err: error }, 'realtime socket error');
      if (socket.readyState === WebSocket.OPEN) socket.terminate();
    },
    // Replaces the default, which closes every client without a code: the hub closes them with 1001 and runs their
    // onDisconnect actions before the database closes.
    async preClose(this: FastifyInstance) {
      await hub.close();
      this.websocketServer.close();
    },
  });
  app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket) => hub.accept(socket));
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
