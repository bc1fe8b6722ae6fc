// The floor: the least a server can do for the benchmark's job, measured in the same run as Marquee. A raw `ws`
// server in its own process that takes the same frames at the same /realtime path: `auth` (the ID token's subject
// is read, its signature is not checked), `listen` (a Map from path to socket, and the others when a player listens
// from a second socket; the current value is sent at once), `set` inside the player's own subtree (kept,
// acknowledged, and pushed to the path's listeners), `od` set and cancel (armed per socket, run when the socket
// closes), and pushes the value event to the listening sockets when a command arrives over HTTP (POST
// /players/{id}/commands {command, param}, the same body as the management API's; POST /players/commands raises it
// on every listening player, as the management API's bulk route does). Server timestamps ({".sv": "timestamp"})
// become the floor's clock and nulls are dropped, as Marquee stores values. No rules, rate limits or keep-alive.
//
// In memory by default. With FLOOR_DB=<file> it is the durable floor: every change (set, command, onDisconnect
// action) is queued and committed to SQLite, one transaction per event-loop turn, and only then applied, answered
// and pushed, so what it acknowledges is kept as Marquee keeps it. With FLOOR_PG=<url>, FLOOR_REDIS=<url> and
// FLOOR_NODES=<n> it is one node of the cluster floor: changes committed to PostgreSQL and heard by every node
// through Redis (floorCluster.ts), the baseline of Marquee's nodes on PostgreSQL + Redis.

import http from 'node:http';
import Database from 'better-sqlite3';
import { WebSocket, WebSocketServer } from 'ws';
import {
  REALTIME_MAX_FRAME_BYTES,
  isServerTimestamp,
  type ClientMessage,
  type ErrorAnswer,
  type OkAnswer,
} from '@marquee/protocol';
import { probeHandlers } from './serverProbe';
import { LISTEN_BRANCH } from './playerMessages';
import { serveRpc } from './rpc';
import { openClusterStore, type ClusterStore } from './floorCluster';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const databaseFile = process.env.FLOOR_DB ?? '';
const clusterDatabase = process.env.FLOOR_PG ?? '';
const clusterRedis = process.env.FLOOR_REDIS ?? '';
/** Largest HTTP body read. */
const MAX_BODY_BYTES = 64 * 1024;
const COMMAND_ROUTE = /^\/players\/([A-Za-z0-9_-]{1,100})\/commands$/;
const BROADCAST_ROUTE = '/players/commands';
/**
 * The accept queue Marquee listens with (apps/server/src/main.ts): with Node's default of 511, a fleet reconnecting
 * at once overflows it and refused SYNs cost players seconds, which a baseline must not.
 */
const LISTEN_BACKLOG = 4096;

/** The socket listening to each path (the latest, when several do). */
const listeners = new Map<string, WebSocket>();
/** The other sockets listening to a path (a player's second connection); empty but for that. */
const alsoListening = new Map<string, Set<WebSocket>>();
const values = new Map<string, unknown>();
let revision = 0;

function valueEvent(path: string): string {
  return JSON.stringify({ t: 'v', path, value: values.get(path) ?? null, hash: '', rev: revision });
}

/** The value as stored: server timestamps resolved to `now`, nulls (and objects left empty) dropped. */
function stored(value: unknown, now: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isServerTimestamp(value)) return now;
  const result: Record<string, unknown> = {};
  let empty = true;
  for (const [key, child] of Object.entries(value)) {
    const kept = stored(child, now);
    if (kept === null) continue;
    result[key] = kept;
    empty = false;
  }
  return empty ? null : result;
}

/** Makes a committed change visible: the value map, the revision, the value event to the path's listener. */
function apply(path: string, value: unknown): number {
  if (value === null) values.delete(path);
  else values.set(path, value);
  revision++;
  const socket = listeners.get(path);
  if (socket?.readyState === WebSocket.OPEN) socket.send(valueEvent(path));
  if (alsoListening.size > 0) {
    for (const other of alsoListening.get(path) ?? []) {
      if (other.readyState === WebSocket.OPEN) other.send(valueEvent(path));
    }
  }
  return revision;
}

interface Change {
  path: string;
  value: unknown;
  /** Called once the change is committed and applied, with its revision; or with null if the commit failed. */
  done: (rev: number | null) => void;
}

/**
 * The durable floor's store: changes queued during one event-loop turn are committed in one transaction at the next
 * (setImmediate), then applied and answered in order.
 */
function openStore(file: string): (change: Change) => void {
  const db = new Database(file);
  // Marquee's SQLite pragmas, copied from openSqlite in apps/server/src/db/database.ts (read, not imported).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS floor_values (path TEXT PRIMARY KEY, value TEXT)');
  const upsert = db.prepare(
    'INSERT INTO floor_values (path, value) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM floor_values WHERE path = ?');
  const commit = db.transaction((batch: readonly Change[]) => {
    for (const change of batch) {
      if (change.value === null) remove.run(change.path);
      else upsert.run(change.path, JSON.stringify(change.value));
    }
  });
  let queue: Change[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    try {
      commit(batch);
    } catch (error) {
      process.stderr.write(`durable floor: commit of ${batch.length} changes failed: ${String(error)}\n`);
      for (const change of batch) change.done(null);
      return;
    }
    for (const change of batch) change.done(apply(change.path, change.value));
  };
  return (change) => {
    if (queue.length === 0) setImmediate(flush);
    queue.push(change);
  };
}

/** The revision of the latest value pushed at each listened path (cluster: a listen's read may be older). */
const pushedAt = new Map<string, number>();

/** With FLOOR_PG: this node's part of the cluster floor. */
const cluster: ClusterStore | null =
  clusterDatabase === ''
    ? null
    : await openClusterStore({
        databaseUrl: clusterDatabase,
        redisUrl: clusterRedis,
        nodes: Number(process.env.FLOOR_NODES ?? '1'),
        deliver,
        raiseOnAll: (body) =>
          new Promise((resolve) => {
            command(null, body, () => resolve(), true);
          }),
      });

/** The value event of `path` whose value is the JSON `text` (null: none), at the current revision. */
function valueEventOf(path: string, text: string | null): string {
  return `{"t":"v","path":${JSON.stringify(path)},"value":${text ?? 'null'},"hash":"","rev":${revision}}`;
}

/** A change committed on any node of the cluster floor, pushed to this node's listeners of its path. */
function deliver(path: string, text: string | null): void {
  revision++;
  const socket = listeners.get(path);
  if (socket === undefined) return;
  pushedAt.set(path, revision);
  const event = valueEventOf(path, text);
  if (socket.readyState === WebSocket.OPEN) socket.send(event);
  for (const other of alsoListening.get(path) ?? []) {
    if (other.readyState === WebSocket.OPEN) other.send(event);
  }
}

const store: (change: Change) => void =
  cluster !== null
    ? (change) =>
        cluster.store({
          path: change.path,
          text: change.value === null ? null : JSON.stringify(change.value),
          merge: false,
          done: (_stored, error) => change.done(error === undefined ? revision : null),
        })
    : databaseFile === ''
      ? (change) => change.done(apply(change.path, change.value))
      : openStore(databaseFile);

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

function listen(path: string, socket: WebSocket): void {
  const current = listeners.get(path);
  if (current !== undefined && current !== socket) {
    const others = alsoListening.get(path) ?? new Set<WebSocket>();
    others.add(current);
    alsoListening.set(path, others);
  }
  listeners.set(path, socket);
}

function unlisten(path: string, socket: WebSocket): void {
  const others = alsoListening.get(path);
  if (listeners.get(path) === socket) {
    const next = others?.values().next().value;
    if (next === undefined) listeners.delete(path);
    else listeners.set(path, next);
    others?.delete(next as WebSocket);
  } else {
    others?.delete(socket);
  }
  if (others?.size === 0) alsoListening.delete(path);
}

function serve(socket: WebSocket): void {
  let uid: string | null = null;
  const listened: string[] = [];
  /** onDisconnect sets armed by this socket, by path (arming a path again replaces its action). */
  const armed = new Map<string, unknown>();
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
        listen(request.path, socket);
        listened.push(request.path);
        if (cluster === null) {
          answer(request.r);
          socket.send(valueEvent(request.path));
          return;
        }
        listenInCluster(cluster, request.path, request.r);
        return;
      case 'set': {
        if (!insideOwnSubtree(uid, request.path)) {
          refuse(request.r, 'permission_denied', 'not your subtree');
          return;
        }
        const r = request.r;
        store({
          path: request.path,
          value: stored(request.value, Date.now()),
          done: (rev) => {
            if (socket.readyState !== WebSocket.OPEN) return;
            if (rev === null) refuse(r, 'internal', 'the write could not be committed');
            else answer(r, { rev });
          },
        });
        return;
      }
      case 'od': {
        const path = request.path;
        if (!insideOwnSubtree(uid, path)) {
          refuse(request.r, 'permission_denied', 'not your subtree');
          return;
        }
        if (request.action === 'cancel') {
          for (const armedPath of [...armed.keys()]) {
            if (armedPath === path || armedPath.startsWith(`${path}/`)) armed.delete(armedPath);
          }
        } else if (request.action === 'set') {
          armed.delete(path);
          armed.set(path, request.value ?? null);
        } else {
          refuse(request.r, 'invalid_request', 'the floor arms onDisconnect sets only');
          return;
        }
        answer(request.r);
        return;
      }
      default:
        refuse(request.r, 'invalid_request', `the floor does not serve ${request.t}`);
    }
  });
  /** Answered once the node hears the path's changes, with the value read after that (unless a newer was pushed). */
  const listenInCluster = (nodes: ClusterStore, path: string, r: number) => {
    const before = revision;
    void nodes.listen(path).then((text) => {
      if (socket.readyState !== WebSocket.OPEN) return;
      answer(r);
      if ((pushedAt.get(path) ?? 0) > before) return;
      socket.send(valueEventOf(path, text));
    });
  };
  socket.on('close', () => {
    for (const path of listened) {
      unlisten(path, socket);
      cluster?.unlisten(path);
    }
    const now = Date.now();
    for (const [path, value] of armed) store({ path, value: stored(value, now), done: () => {} });
    armed.clear();
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

/**
 * Raises the command on one player (`playerId`), or on every listening player (null); `answer` gets the status
 * once every change is applied (committed, for the durable floor). On the cluster floor a command for every player
 * goes to every node, unless `local` (a node raising it on its own listeners).
 */
function command(
  playerId: string | null,
  body: string,
  answer: (status: number) => void,
  local = false,
): void {
  const parsed = parseCommand(body);
  if (parsed === null) {
    answer(400);
    return;
  }
  if (playerId === null && cluster !== null && !local) {
    void cluster.broadcast(body).then(() => answer(201));
    return;
  }
  // Every listening player's command path (players also listen to their connection record in the storm).
  const paths =
    playerId === null
      ? [...listeners.keys()].filter((path) => path.endsWith(`/${LISTEN_BRANCH}`))
      : [`players/${playerId}/${LISTEN_BRANCH}`];
  let pending = paths.length;
  let failed = false;
  if (pending === 0) answer(201);
  for (const path of paths) {
    raise(path, parsed, (rev) => {
      failed ||= rev === null;
      if (--pending === 0) answer(failed ? 500 : 201);
    });
  }
}

function raise(path: string, parsed: CommandBody, done: (rev: number | null) => void): void {
  if (cluster !== null) {
    // The player may listen on another node: its flags are merged where they are kept.
    cluster.store({
      path,
      text: JSON.stringify({ [parsed.command]: parsed.param ?? true }),
      merge: true,
      done: (_stored, error) => done(error === undefined ? revision : null),
    });
    return;
  }
  const flags = (values.get(path) as Record<string, unknown> | undefined) ?? {};
  store({ path, value: { ...flags, [parsed.command]: parsed.param ?? true }, done });
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
    const reply = (status: number) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 201 ? '{"ok":true}' : '{"ok":false}');
    };
    if (size > MAX_BODY_BYTES) reply(413);
    else command(match[1] ?? null, Buffer.concat(chunks).toString('utf8'), reply);
  });
});

const sockets = new WebSocketServer({ server, path: '/realtime', maxPayload: REALTIME_MAX_FRAME_BYTES });
sockets.on('connection', serve);
server.listen({ port, host, backlog: LISTEN_BACKLOG });

serveRpc({
  ...probeHandlers,
  stats: () => ({ connections: sockets.clients.size, listeners: listeners.size }),
});
