// The floor: the least a server can do for the benchmark's job, measured in the same run as Marquee. A raw `ws`
// server in its own process that takes the same frames at the same /realtime path: `auth` (the ID token's subject
// is read, its signature is not checked), `listen` (a Map from path to socket; the current value is sent at once),
// `set` inside the player's own subtree (kept in memory and acknowledged; nothing is persisted), and pushes the
// value event to the listening socket when a command arrives over HTTP (POST /players/{id}/commands {command,
// param}, the same body as the management API's; POST /players/commands raises it on every listening player, as
// the management API's bulk route does). No database, rules, rate limits or keep-alive.

import http from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import {
  REALTIME_MAX_FRAME_BYTES,
  type ClientMessage,
  type ErrorAnswer,
  type OkAnswer,
} from '@marquee/protocol';
import { probeHandlers } from './serverProbe';
import { LISTEN_BRANCH } from './playerMessages';
import { serveRpc } from './rpc';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
/** Largest HTTP body read. */
const MAX_BODY_BYTES = 64 * 1024;
const COMMAND_ROUTE = /^\/players\/([A-Za-z0-9_-]{1,100})\/commands$/;
const BROADCAST_ROUTE = '/players/commands';

const listeners = new Map<string, WebSocket>();
const values = new Map<string, unknown>();
let revision = 0;

function valueEvent(path: string): string {
  return JSON.stringify({ t: 'v', path, value: values.get(path) ?? null, hash: '', rev: revision });
}

/** The `sub` claim of a JWT, read without checking the signature; null when it is not one. */
function subjectOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

const insideOwnSubtree = (uid: string | null, path: string) =>
  uid !== null && path.startsWith(`players/${uid}/`);

function serve(socket: WebSocket): void {
  let uid: string | null = null;
  const listened: string[] = [];
  const answer = (r: number, d?: unknown) =>
    socket.send(JSON.stringify({ r, ok: true, d } satisfies OkAnswer));
  const refuse = (r: number | undefined, code: ErrorAnswer['code'], message: string) =>
    socket.send(JSON.stringify({ r, ok: false, code, message } satisfies ErrorAnswer));
  socket.on('message', (data) => {
    let request: ClientMessage;
    try {
      request = JSON.parse(data.toString()) as ClientMessage;
    } catch {
      refuse(undefined, 'invalid_request', 'not JSON');
      return;
    }
    switch (request.t) {
      case 'auth':
        uid = subjectOf(request.token);
        if (uid === null) refuse(request.r, 'unauthenticated', 'not a token');
        else answer(request.r, { uid, expiresAt: Date.now() + 3_600_000 });
        return;
      case 'listen':
        if (!insideOwnSubtree(uid, request.path)) {
          refuse(request.r, 'permission_denied', 'not your subtree');
          return;
        }
        listeners.set(request.path, socket);
        listened.push(request.path);
        answer(request.r);
        socket.send(valueEvent(request.path));
        return;
      case 'set':
        if (!insideOwnSubtree(uid, request.path)) {
          refuse(request.r, 'permission_denied', 'not your subtree');
          return;
        }
        values.set(request.path, request.value);
        answer(request.r, { rev: ++revision });
        return;
      default:
        refuse(request.r, 'invalid_request', `the floor does not serve ${request.t}`);
    }
  });
  socket.on('close', () => {
    for (const path of listened) if (listeners.get(path) === socket) listeners.delete(path);
  });
}

interface CommandBody {
  command: string;
  param?: unknown;
}

function parseCommand(body: string): CommandBody | null {
  try {
    const parsed = JSON.parse(body) as { command?: unknown; param?: unknown };
    return typeof parsed.command === 'string' ? (parsed as CommandBody) : null;
  } catch {
    return null;
  }
}

/** Raises the command on one player (`playerId`), or on every listening player (null). */
function command(playerId: string | null, body: string): number {
  const parsed = parseCommand(body);
  if (parsed === null) return 400;
  if (playerId === null) {
    for (const path of [...listeners.keys()]) raise(path, parsed);
    return 201;
  }
  raise(`players/${playerId}/${LISTEN_BRANCH}`, parsed);
  return 201;
}

function raise(path: string, parsed: CommandBody): void {
  const flags = (values.get(path) as Record<string, unknown> | undefined) ?? {};
  values.set(path, { ...flags, [parsed.command]: parsed.param ?? true });
  revision++;
  const socket = listeners.get(path);
  if (socket?.readyState === WebSocket.OPEN) socket.send(valueEvent(path));
}

const server = http.createServer((request, response) => {
  const match =
    request.method !== 'POST'
      ? null
      : request.url === BROADCAST_ROUTE
        ? [request.url, null]
        : COMMAND_ROUTE.exec(request.url ?? '');
  if (match === null) {
    response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
    response.end('{}');
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  request.on('end', () => {
    const status =
      size > MAX_BODY_BYTES ? 413 : command(match[1] ?? null, Buffer.concat(chunks).toString('utf8'));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(status === 201 ? '{"ok":true}' : '{"ok":false}');
  });
});

const sockets = new WebSocketServer({ server, path: '/realtime', maxPayload: REALTIME_MAX_FRAME_BYTES });
sockets.on('connection', serve);
server.listen(port, host);

serveRpc({
  ...probeHandlers,
  stats: () => ({ connections: sockets.clients.size, listeners: listeners.size }),
});
