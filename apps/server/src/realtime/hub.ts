// The realtime hub of one server node (docs/protocols/realtime.md §Messages, docs/architecture.md §Scale): accepts the
// sockets of /realtime, keeps them alive (a ws ping every interval to each quiet socket; a socket silent for the idle
// timeout is terminated, which runs its onDisconnect actions), renews the node's lease and runs the armed actions of
// dead nodes, and on shutdown closes every socket with 1001 and runs their onDisconnect actions before the database
// closes: a graceful shutdown is a disconnect of every client, and the clients reconnect to another node (or to this
// one when it is back).

import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import {
  parsePath,
  REALTIME_IDLE_TIMEOUT_MS,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_MAX_LISTENS,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RATE_BURST,
  REALTIME_RATE_PER_SECOND,
} from '@marquee/protocol';
import type { Admission } from '../http/admission';
import type { AppServices } from '../services';
import { SlicedQueue } from '../slicedQueue';
import { armedRowsFor } from './armedRows';
import { RealtimeConnection } from './connection';
import type { ConnectionContext, ConnectionLimits } from './connectionContext';
import { DisconnectPacing } from './disconnectPacing';
import { FanOut, type FanOutStats } from './fanOut';
import { NODE_LEASE_MS, NODE_LEASE_RENEW_MS, NodeLease } from './nodeLease';
import { DisconnectActions } from './onDisconnect';
import { PLAYER_ORG_CACHE_MS, PlayerOrgCache } from './playerOrgs';
import { ACCESS_BRANCHES, RealtimeRules } from './rules';
import { WriteGate } from './writeGate';
import { CorkedSockets } from './corkedSockets';
import { MAX_BATCH_WRITES } from './writeCommitter';

/** Invalid frames a connection may send before it is closed (a correct client sends none). */
export const REALTIME_MAX_GARBAGE_FRAMES = 10;
/** Close code and reason when the node shuts down. */
export const CLOSE_GOING_AWAY = 1001;
/** Sockets pinged between two turns of the event loop (a ping costs about 15 µs). */
const PING_SLICE = 500;
/**
 * Closed connections disposed between two turns of the event loop. When a fleet drops at once, Node runs the close
 * handlers of every socket that closed in one go, and the node accepts no connection meanwhile: the kernel's accept
 * queue overflows while the screens are already coming back. So a close only marks its connection closed; its
 * listens are stopped and its onDisconnect actions started a slice at a time, between the accepts.
 */
export const DISPOSE_SLICE = 256;
/**
 * Writes received and not answered on a node before connections sending more are no longer read: one batch. A write
 * that waits longer than a collection or two of the young generation is copied by each and then moved to the old
 * one. With 20,000 players writing (bench/realtime), four batches in flight cost 14 µs of collection per write,
 * one batch 6 to 8 µs, and the writes answered per second rose by a fifth (writeGate.ts).
 */
export const MAX_WRITES_IN_FLIGHT = MAX_BATCH_WRITES;

export interface RealtimeHubOptions extends Partial<ConnectionLimits> {
  pingIntervalMs?: number;
  idleTimeoutMs?: number;
  leaseMs?: number;
  leaseRenewMs?: number;
  playerOrgCacheMs?: number;
  /** Default: the services' node id (services.ts), which the health sweep looks for among the live nodes. */
  nodeId?: string;
  /** Monotonic milliseconds (rate limits, keep-alive, caches); default performance.now. */
  now?: () => number;
  /** Default MAX_WRITES_IN_FLIGHT. */
  maxWritesInFlight?: number;
  /**
   * The node's admission of connections (http/admission.ts): told when a connection's setup is done (its first
   * answer); while connections are setting up, closed connections' onDisconnect work is paced as under churn.
   */
  admission?: Pick<Admission, 'settled' | 'busy'>;
}

export interface RealtimeHubStats extends FanOutStats {
  connections: number;
  /** Writes received and not yet answered. */
  writesInFlight: number;
  /** Connections not read until the writes in flight make room (writeGate.ts). */
  heldForWrites: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  ratePerSecond: REALTIME_RATE_PER_SECOND,
  rateBurst: REALTIME_RATE_BURST,
  floodTolerance: 2 * REALTIME_RATE_BURST,
  maxGarbageFrames: REALTIME_MAX_GARBAGE_FRAMES,
  maxListens: REALTIME_MAX_LISTENS,
  maxInflightBytes: 2 * REALTIME_MAX_FRAME_BYTES,
  maxBufferedBytes: 4 * REALTIME_MAX_FRAME_BYTES,
};

export class RealtimeHub {
  readonly nodeId: string;
  readonly fanOut: FanOut;
  readonly rules: RealtimeRules;
  readonly disconnects: DisconnectActions;
  /** When closed connections start their onDisconnect work: paced while connections churn. */
  private readonly pacing: DisconnectPacing;
  readonly lease: NodeLease;
  private readonly context: ConnectionContext;
  private readonly sockets = new Map<WebSocket, RealtimeConnection>();
  /** onDisconnect runs and sweeps in flight, awaited at shutdown. */
  private readonly pending = new Set<Promise<unknown>>();
  /** Connections whose socket closed, disposed DISPOSE_SLICE per turn. */
  private readonly closed: SlicedQueue<RealtimeConnection>;
  private readonly pingIntervalMs: number;
  private readonly idleTimeoutMs: number;
  private readonly leaseRenewMs: number;
  private pingTimer: NodeJS.Timeout | null = null;
  /** A keep-alive round is under way (it yields between slices). */
  private pinging = false;
  private leaseTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private closing: Promise<void> | null = null;
  // The sockets' handlers, one of each for all of them (`this` is the socket): three closures per connection were
  // a tenth of what the hub itself kept per connection, for tens of thousands of them.
  private readonly onMessage: (this: WebSocket, data: WebSocket.RawData, isBinary: boolean) => void;
  private readonly onPong: (this: WebSocket) => void;
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    services: AppServices,
    private readonly log: FastifyBaseLogger,
    options: RealtimeHubOptions = {},
  ) {
    const now = options.now ?? (() => performance.now());
    this.nodeId = options.nodeId ?? services.nodeId;
    this.pingIntervalMs = options.pingIntervalMs ?? REALTIME_PING_INTERVAL_MS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? REALTIME_IDLE_TIMEOUT_MS;
    this.leaseRenewMs = options.leaseRenewMs ?? NODE_LEASE_RENEW_MS;
    const onError = (error: unknown, context: string) => log.error({ err: error }, `realtime: ${context}`);
    const { admission } = options;
    // Screens still setting up their presence are churn too: until a screen's arming is answered, its old
    // connection's action cannot be skipped, and started meanwhile it claims, checks and writes for nothing.
    this.pacing = new DisconnectPacing({
      settingUp: () => (admission?.busy() ?? false) || this.disconnects.armsPending(),
    });
    const orgs = new PlayerOrgCache({
      db: services.db,
      now,
      ttlMs: options.playerOrgCacheMs ?? PLAYER_ORG_CACHE_MS,
    });
    this.rules = new RealtimeRules((playerId, lookup) => orgs.orgOf(playerId, lookup));
    this.fanOut = new FanOut(services.documents, {
      onError,
      // A pairing change seen on the player's document, whichever node made it: what this node cached of the
      // player's organisation is out of date, and every listen of it is checked again.
      accessBranches: ACCESS_BRANCHES,
      onAccessChange: (docPath) => orgs.forget(parsePath(docPath)[1] as string),
    });
    this.disconnects = new DisconnectActions({
      db: services.db,
      rows: armedRowsFor(services.database),
      documents: services.documents,
      rules: this.rules,
      nodeId: this.nodeId,
      clock: services.clock,
      onError,
      pacing: this.pacing,
    });
    this.lease = new NodeLease({
      db: services.database.liveness ?? services.db,
      nodeId: this.nodeId,
      clock: services.clock,
      leaseMs: options.leaseMs ?? NODE_LEASE_MS,
    });
    const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS };
    for (const key of Object.keys(limits) as (keyof ConnectionLimits)[]) {
      const value = options[key];
      if (value !== undefined) limits[key] = value;
    }
    this.context = {
      documents: services.documents,
      fanOut: this.fanOut,
      rules: this.rules,
      disconnects: this.disconnects,
      writeGate: new WriteGate({ maxInFlight: options.maxWritesInFlight ?? MAX_WRITES_IN_FLIGHT }),
      corks: new CorkedSockets(),
      verifyIdToken: (token) => services.identity.verifyIdToken(token),
      admission: options.admission ?? null,
      clock: services.clock,
      now,
      limits,
      log,
    };
    const { sockets, pacing } = this;
    const closed = new SlicedQueue<RealtimeConnection>(
      (connection) => this.track(connection.dispose()),
      DISPOSE_SLICE,
    );
    this.closed = closed;
    this.onMessage = function (data, isBinary) {
      const connection = sockets.get(this);
      if (connection === undefined) return;
      try {
        connection.onFrame(data, isBinary);
      } catch (error) {
        // Never expected; one connection's trouble must not reach the others.
        log.error({ err: error, connection: connection.id }, 'realtime: frame handling failed');
        this.terminate();
      }
    };
    this.onPong = function () {
      sockets.get(this)?.touch();
    };
    this.onClose = function () {
      const connection = sockets.get(this);
      if (connection === undefined) return;
      sockets.delete(this);
      pacing.churned();
      connection.markClosed();
      closed.push(connection);
    };
  }

  /** Takes the node's lease and starts the keep-alive and lease timers. */
  async start(): Promise<void> {
    await this.lease.acquire();
    this.pingTimer = setInterval(() => this.keepAlive(), this.pingIntervalMs);
    this.pingTimer.unref();
    this.leaseTimer = setInterval(() => {
      this.track(
        this.sweep().catch((error: unknown) => this.log.error({ err: error }, 'realtime: lease sweep')),
      );
    }, this.leaseRenewMs);
    this.leaseTimer.unref();
  }

  stats(): RealtimeHubStats {
    const gate = this.context.writeGate;
    return {
      connections: this.sockets.size,
      ...this.fanOut.stats(),
      writesInFlight: gate.writesInFlight,
      heldForWrites: gate.waitingConnections,
    };
  }

  /** The connection behind a socket (tests, diagnostics). */
  connectionOf(socket: WebSocket): RealtimeConnection | undefined {
    return this.sockets.get(socket);
  }

  /** Serves one accepted socket of /realtime. */
  accept(socket: WebSocket): void {
    if (this.closing !== null) {
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
      return;
    }
    const connection = new RealtimeConnection(socket, this.context);
    this.sockets.set(socket, connection);
    this.pacing.churned();
    socket.on('message', this.onMessage);
    socket.on('pong', this.onPong);
    socket.on('close', this.onClose);
  }

  /**
   * Renews this node's lease and runs the armed actions of nodes whose lease expired. Answers the number of
   * actions run. Runs on a timer; callable directly (tests).
   */
  sweep(): Promise<number> {
    this.sweeping ??= (async () => {
      try {
        if (!(await this.lease.renew())) {
          this.log.warn(
            { node: this.nodeId },
            'realtime: node lease was lost; armed actions persisted again',
          );
          for (const connection of this.sockets.values()) {
            await this.disconnects.persist(connection.id, connection.armedActions());
          }
        }
        return await this.disconnects.adoptOrphans(await this.lease.liveNodes());
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  /**
   * Closes every socket with 1001, runs their onDisconnect actions and gives up the lease. Called before the server
   * and the database close (preClose), so every action is written.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.pingTimer) clearInterval(this.pingTimer);
      if (this.leaseTimer) clearInterval(this.leaseTimer);
      this.pacing.drain();
      this.closed.flush();
      for (const connection of this.sockets.values()) {
        connection.closeWith(CLOSE_GOING_AWAY, 'Server shutting down');
        this.track(connection.dispose());
      }
      while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
      // Sockets whose peer never answered the close frame.
      for (const socket of this.sockets.keys()) socket.terminate();
      await this.lease.release();
    })();
    return this.closing;
  }

  private track(promise: Promise<unknown>): void {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  /**
   * Pings the sockets that have been quiet and drops those silent for too long, a slice at a time with a turn of
   * the event loop between slices: 20,000 pings in one go hold the loop for a third of a second. A socket heard
   * from within half an interval is alive already: a ping would prove nothing and cost a write and its pong's read
   * on both ends (every one of a reconnecting fleet, mid-storm). A quiet socket is still pinged at every interval.
   */
  private keepAlive(): void {
    if (this.pinging) return;
    this.pinging = true;
    const sockets = [...this.sockets.entries()];
    const slice = (from: number) => {
      const now = this.context.now();
      const to = Math.min(from + PING_SLICE, sockets.length);
      for (let index = from; index < to; index++) {
        const [socket, connection] = sockets[index]!;
        if (connection.paused || this.sockets.get(socket) !== connection) continue;
        const silentFor = now - connection.lastSeen;
        if (silentFor >= this.idleTimeoutMs) {
          this.log.info({ connection: connection.id }, 'realtime: no answer to pings; dropped');
          socket.terminate();
        } else if (silentFor >= this.pingIntervalMs / 2 && socket.readyState === WebSocket.OPEN) {
          socket.ping();
        }
      }
      if (to < sockets.length && this.closing === null) setImmediate(slice, to);
      else this.pinging = false;
    };
    slice(0);
  }
}
