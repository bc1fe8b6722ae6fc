// Simulated players in the test process, for the failure tests of the scale-out harness (docs/testing.md §Cluster):
// each a real @marquee/realtime client over the `ws` package, with the presence of docs/player.md §Connection states
// on players/{id}/connection and a listen on players/{id}/action_flags, as a player keeps them. A thousand of them
// share one HTTP agent, negotiate no compression (no zlib context per socket) and run no timer of their own beyond
// the client's: the fleet is told of every change by the clients' callbacks, and waits are checked when something
// changed.

import http from 'node:http';
import WebSocket from 'ws';
import pg from 'pg';
import {
  createDatabase,
  onValue,
  ref,
  trackPresence,
  type Database,
  type Presence,
  type StorageLike,
  type WebSocketConstructor,
} from '@marquee/realtime';

/** What a simulated player needs of a seeded player (createPlayers in players.ts answers more). */
export interface PlayerIdentity {
  playerId: string;
  screenId: string;
  idToken: string;
}

/** One agent for every socket of the test process. */
const agent = new http.Agent({ keepAlive: false });

/** A `ws` WebSocket on the shared agent without compression; `refuse()` true makes new sockets fail at once. */
export function fleetSocket(refuse: () => boolean = () => false): WebSocketConstructor {
  return class FleetSocket extends WebSocket {
    constructor(url: string) {
      // Thrown before anything is opened: the client counts a failed attempt and stays away.
      if (refuse()) throw new Error('switched off');
      super(url, { agent, perMessageDeflate: false });
    }
  };
}

/** A Map-backed Storage (Node has no localStorage): the client keeps its offline copy here. */
export class MemoryStorage implements StorageLike {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** What clients logged, fleet-wide: counts per message and the last few, never unbounded. */
export class LogBook {
  readonly counts = new Map<string, number>();
  readonly recent: string[] = [];

  readonly logger = {
    warn: (message: string) => this.add(message),
    error: (message: string) => this.add(message),
  };

  private add(message: string): void {
    this.counts.set(message, (this.counts.get(message) ?? 0) + 1);
    this.recent.push(message);
    if (this.recent.length > 50) this.recent.shift();
  }
}

/**
 * Waits on conditions over many clients: a condition is checked when something changed (once per turn of the
 * event loop however many changed), so no client polls.
 */
export class Conditions {
  private readonly waiters = new Set<() => void>();
  private scheduled = false;

  /** Something a waited condition may depend on changed. */
  changed(): void {
    if (this.scheduled || this.waiters.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const check of [...this.waiters]) check();
    });
  }

  /** Resolves once `holds()` is true; rejects after `timeoutMs` with `describe()` in the message. */
  until(holds: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
    if (holds()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out after ${timeoutMs} ms: ${describe()}`));
      }, timeoutMs);
      const check = () => {
        if (!holds()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }
}

export interface ClientOptions {
  /** WebSocket URL: nginx's, or one node's. */
  url: string;
  /** HTTP origin for the client's REST read fallback. */
  restUrl: string;
  idToken: string;
  logs: LogBook;
  refuse?: () => boolean;
}

/** A realtime client as the fleet makes them (operators and writers too). */
export function openClient(options: ClientOptions): Database {
  return createDatabase({
    url: options.url,
    restUrl: options.restUrl,
    getToken: () => Promise.resolve(options.idToken),
    storage: new MemoryStorage(),
    WebSocketImpl: fleetSocket(options.refuse),
    logger: options.logs.logger,
  });
}

export class SimulatedPlayer {
  readonly db: Database;
  readonly presence: Presence;
  /** Whether the client reports itself connected (.info/connected). */
  connected = false;
  /** Date.now() of every time the client reported connected: the first connection, then each reconnection. */
  readonly connectedAt: number[] = [];
  /** Date.now() of every time the client reported the connection lost. */
  readonly disconnectedAt: number[] = [];
  /** Every value of players/{id}/action_flags the listen delivered, in order. */
  readonly flagValues: unknown[] = [];
  /** Date.now() of every socket the client opened (the first one included). */
  readonly socketsOpenedAt: number[] = [];
  /** Switched off: opens no socket any more (see Fleet.switchOff). */
  off = false;
  closed = false;

  constructor(
    readonly identity: PlayerIdentity,
    options: Omit<ClientOptions, 'idToken' | 'refuse'>,
    conditions: Conditions,
  ) {
    this.db = openClient({ ...options, idToken: identity.idToken, refuse: () => this.refuse() });
    onValue(ref(this.db, '.info/connected'), (snapshot) => {
      const connected = snapshot.val() === true;
      if (connected === this.connected) return;
      this.connected = connected;
      (connected ? this.connectedAt : this.disconnectedAt).push(Date.now());
      conditions.changed();
    });
    onValue(ref(this.db, `players/${identity.playerId}/action_flags`), (snapshot) => {
      this.flagValues.push(snapshot.val());
      conditions.changed();
    });
    this.presence = trackPresence(this.db, identity.playerId);
  }

  get playerId(): string {
    return this.identity.playerId;
  }

  private refuse(): boolean {
    if (!this.off) this.socketsOpenedAt.push(Date.now());
    return this.off;
  }

  /** The id this client writes in players/{id}/connection while connected (the same on every reconnection). */
  get connectionId(): string {
    return this.presence.connectionId;
  }

  /** Reconnections after the first connection. */
  get reconnects(): number {
    return Math.max(0, this.connectedAt.length - 1);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.presence.stop();
    this.db.close();
  }
}

export interface FleetOptions {
  url: string;
  restUrl: string;
  /** Clients opened at once while connecting (default 100). */
  batch?: number;
  /** Longest wait for every client to connect (default 60 s). */
  timeoutMs?: number;
}

export class Fleet {
  readonly logs = new LogBook();
  readonly conditions = new Conditions();

  private constructor(readonly players: SimulatedPlayer[]) {}

  /** Opens one simulated player per identity, `batch` at a time, and waits until every one is connected. */
  static async connect(identities: readonly PlayerIdentity[], options: FleetOptions): Promise<Fleet> {
    const fleet = new Fleet([]);
    const batch = options.batch ?? 100;
    const timeoutMs = options.timeoutMs ?? 60_000;
    const client = { url: options.url, restUrl: options.restUrl, logs: fleet.logs };
    try {
      for (let start = 0; start < identities.length; start += batch) {
        const opened = identities
          .slice(start, start + batch)
          .map((identity) => new SimulatedPlayer(identity, client, fleet.conditions));
        fleet.players.push(...opened);
        await fleet.until(() => opened.every((player) => player.connected), timeoutMs, 'connected');
      }
      return fleet;
    } catch (error) {
      fleet.closeAll();
      throw error;
    }
  }

  /** Resolves once `holds()`, checked whenever a client changed; the timeout message counts the connected. */
  until(holds: () => boolean, timeoutMs: number, what: string): Promise<void> {
    return this.conditions.until(
      holds,
      timeoutMs,
      () => `${what} (${this.connectedCount()} of ${this.players.length} clients connected)`,
    );
  }

  connectedCount(players: readonly SimulatedPlayer[] = this.players): number {
    return players.reduce((count, player) => count + (player.connected ? 1 : 0), 0);
  }

  /**
   * Switches players off for good: from now on they open no socket. Sockets open now stay open: a player switched
   * off before its node dies never reconnects anywhere, so only the dead node's armed actions speak for it.
   */
  switchOff(players: readonly SimulatedPlayer[]): void {
    for (const player of players) player.off = true;
  }

  /** Closes players' clients cleanly (the node they are on runs their onDisconnect actions). */
  close(players: readonly SimulatedPlayer[]): void {
    for (const player of players) player.close();
  }

  closeAll(): void {
    this.close(this.players);
  }
}

/**
 * Records every value of many paths on one client (an operator watching players, a listener of writers): each
 * listen's values with the Date.now() they arrived at.
 */
export class ValueRecorder {
  readonly values = new Map<string, { value: unknown; at: number }[]>();
  /** Listens the server refused, with the reason. */
  readonly refused: string[] = [];
  private readonly stops: (() => void)[] = [];

  constructor(
    readonly db: Database,
    private readonly conditions: Conditions,
  ) {}

  listen(paths: readonly string[]): void {
    for (const path of paths) {
      const values: { value: unknown; at: number }[] = [];
      this.values.set(path, values);
      this.stops.push(
        onValue(
          ref(this.db, path),
          (snapshot) => {
            values.push({ value: snapshot.val(), at: Date.now() });
            this.conditions.changed();
          },
          (error) => {
            this.refused.push(`${path}: ${error.message}`);
            this.conditions.changed();
          },
        ),
      );
    }
  }

  of(path: string): { value: unknown; at: number }[] {
    return this.values.get(path) ?? [];
  }

  last(path: string): unknown {
    return this.of(path).at(-1)?.value;
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.db.close();
  }
}

/** The realtime document players/{id} of each player (stored form; null when never written), read from PostgreSQL. */
export async function readPlayerDocuments(
  databaseUrl: string,
  playerIds: readonly string[],
): Promise<Map<string, Record<string, unknown> | null>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ path: string; value: string }>(
      'select path, value from realtime_documents where path = any($1::text[])',
      [playerIds.map((id) => `players/${id}`)],
    );
    const documents = new Map<string, Record<string, unknown> | null>(playerIds.map((id) => [id, null]));
    for (const row of result.rows) {
      documents.set(row.path.slice('players/'.length), JSON.parse(row.value) as Record<string, unknown>);
    }
    return documents;
  } finally {
    await client.end();
  }
}

/** Runs one SQL query on the cluster's database (e.g. what is left in armed_disconnects). */
export async function queryDatabase<R extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
