// The driver's side of the simulated players: several child processes (playerClient.ts), each with its own table of
// open files and its own 127.0.0.x source addresses, holding a contiguous share of the players. Calls go to every
// process at once and their answers are added up. The reconnect storm's new sockets come from other addresses,
// 127.0.1.x: the ports of the dropped sockets stay in TIME_WAIT on the players' side for a minute.

import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, spawnChild, type TrackedChild } from './childProcesses';
import { cpuSeconds } from './processInfo';
import type {
  CollectResult,
  Collected,
  ConnectParams,
  ConnectResult,
  PlayerStatus,
  PresenceResult,
  StormCheck,
  StormParams,
  StormResult,
  ValueArrival,
  WriteParams,
  WriteResult,
} from './playerMessages';
import { preciseNow } from './playerMessages';
import type { SeededPlayer } from './seed';

const CLIENT_SCRIPT = path.join(REPO_ROOT, 'bench', 'realtime', 'playerClient.ts');
/** Source addresses start at 127.0.0.2: 127.0.0.1 stays the driver's. */
const FIRST_SOURCE_HOST = 2;
/** The storm's source addresses: 127.0.1.x, the same last byte as the first connection's (all of 127/8 is lo's). */
const STORM_SOURCE_PREFIX = '127.0.1.';
const CALL_TIMEOUT_MS = 30_000;
/**
 * The player processes share the machine with the server they load: they run at a lower priority, so the measured
 * server gets a CPU first whenever it can use one (in production they are on other machines).
 */
const PLAYER_NICENESS = 10;

export interface FleetOptions {
  processes: number;
  /** Source addresses per process (each allows ~28k ports towards one server port). */
  addressesPerProcess: number;
}

export interface FleetConnectOptions {
  /** Connections being opened at once, over all processes. */
  concurrency: number;
  attemptTimeoutMs: number;
  attempts: number;
  timeoutMs: number;
  /** Also listen to each player's app/data (the schedules phases). */
  listenAppData?: boolean;
}

export interface FleetConnectResult extends ConnectResult {
  startedAt: number;
}

interface Share {
  client: TrackedChild;
  players: SeededPlayer[];
  /** Index of the share's first player among all the fleet's players. */
  first: number;
  addresses: string[];
  /** Source addresses of its players' sockets after the storm. */
  stormAddresses: string[];
}

/** The storm as the driver sees it: every process's result added up, the drop the earliest of theirs. */
export interface FleetStormResult extends StormResult {
  /** Processes whose storm call failed (their players count as not back). */
  failedProcesses: number;
}

function addErrors(into: Record<string, number>, from: Record<string, number>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

export class PlayerFleet {
  private readonly waiters = new Map<string, (at: number) => void>();

  private constructor(private readonly shares: Share[]) {
    for (const share of shares) {
      share.client.onEvent((event) => {
        if (event.name !== 'arrival') return;
        const arrival = event.data as ValueArrival;
        this.waiters.get(`${arrival.playerId}:${arrival.value}`)?.(arrival.at);
      });
    }
  }

  /** Starts the processes, each with a contiguous share of `players`; resolves once they all answer. */
  static async start(players: readonly SeededPlayer[], options: FleetOptions): Promise<PlayerFleet> {
    const processes = Math.max(1, Math.min(options.processes, players.length));
    const perProcess = Math.ceil(players.length / processes);
    const shares: Share[] = [];
    for (let k = 0; k < processes; k++) {
      const share = players.slice(k * perProcess, (k + 1) * perProcess);
      if (share.length === 0) break;
      const hosts = Array.from(
        { length: options.addressesPerProcess },
        (_, j) => FIRST_SOURCE_HOST + k * options.addressesPerProcess + j,
      );
      const client = spawnChild(`players-${k + 1}`, CLIENT_SCRIPT);
      os.setPriority(client.pid, PLAYER_NICENESS);
      shares.push({
        client,
        players: share,
        first: k * perProcess,
        addresses: hosts.map((host) => `127.0.0.${host}`),
        stormAddresses: hosts.map((host) => `${STORM_SOURCE_PREFIX}${host}`),
      });
    }
    const fleet = new PlayerFleet(shares);
    try {
      await fleet.status();
    } catch (error) {
      await fleet.close();
      throw error;
    }
    return fleet;
  }

  get processes(): number {
    return this.shares.length;
  }

  /** CPU seconds the player processes have used so far, together (exited ones count as 0). */
  cpuSeconds(): number {
    let total = 0;
    for (const share of this.shares) {
      if (share.client.exited) continue;
      try {
        total += cpuSeconds(share.client.pid);
      } catch {
        // exited meanwhile
      }
    }
    return total;
  }

  get processIds(): number[] {
    return this.shares.map((share) => share.client.pid);
  }

  get sourceAddresses(): string[] {
    return this.shares.flatMap((share) => share.addresses);
  }

  get stormSourceAddresses(): string[] {
    return this.shares.flatMap((share) => share.stormAddresses);
  }

  /**
   * Opens, authenticates and listens every player's socket, each to `urls[nodeOf(index)]` (index: the player's among
   * the fleet's); resolves when every process is done.
   */
  async connect(
    urls: readonly string[],
    nodeOf: (index: number) => number,
    options: FleetConnectOptions,
  ): Promise<FleetConnectResult> {
    const concurrency = Math.max(1, Math.ceil(options.concurrency / this.shares.length));
    const startedAt = preciseNow();
    const results = await Promise.all(
      this.shares.map((share) => {
        const params: ConnectParams = {
          urls: [...urls],
          players: share.players.map(({ playerId, idToken }, k) => ({
            playerId,
            idToken,
            node: nodeOf(share.first + k),
          })),
          localAddresses: share.addresses,
          concurrency,
          attemptTimeoutMs: options.attemptTimeoutMs,
          attempts: options.attempts,
          listenAppData: options.listenAppData ?? false,
        };
        return share.client.call<ConnectResult>('connect', params, options.timeoutMs);
      }),
    );
    const total: FleetConnectResult = {
      ready: 0,
      failed: 0,
      errors: {},
      lastReadyAt: 0,
      failedPlayerIds: [],
      startedAt,
    };
    for (const result of results) {
      total.ready += result.ready;
      total.failed += result.failed;
      total.lastReadyAt = Math.max(total.lastReadyAt, result.lastReadyAt);
      addErrors(total.errors, result.errors);
      total.failedPlayerIds.push(...result.failedPlayerIds);
    }
    return total;
  }

  /** Turns on or off the reporting of each command's arrival (on for the one-player latency phase only). */
  async stream(on: boolean): Promise<void> {
    await Promise.all(this.shares.map((share) => share.client.call('stream', { on }, CALL_TIMEOUT_MS)));
  }

  /**
   * Resolves with the time `value` reached `playerId`'s listener, or null after `timeoutMs`. Register before the
   * command is sent: arrivals nobody waits for are not kept.
   */
  arrival(playerId: string, value: number, timeoutMs: number): Promise<number | null> {
    const key = `${playerId}:${value}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        resolve(null);
      }, timeoutMs);
      this.waiters.set(key, (at) => {
        clearTimeout(timer);
        this.waiters.delete(key);
        resolve(at);
      });
    });
  }

  /** How many players have `value` as their latest command (or, `what` 'version', an app/data version ≥ it). */
  async collect(value: number, what: Collected = 'command'): Promise<CollectResult> {
    const results = await Promise.all(
      this.shares.map((share) =>
        share.client.call<CollectResult>('collect', { value, what }, CALL_TIMEOUT_MS),
      ),
    );
    return {
      received: results.reduce((sum, result) => sum + result.received, 0),
      firstAt: Math.min(...results.map((result) => result.firstAt)),
      lastAt: Math.max(...results.map((result) => result.lastAt)),
    };
  }

  async write(params: WriteParams): Promise<WriteResult> {
    const timeoutMs = params.durationMs + params.drainTimeoutMs + CALL_TIMEOUT_MS;
    const results = await Promise.all(
      this.shares.map((share) => share.client.call<WriteResult>('write', params, timeoutMs)),
    );
    const total: WriteResult = { writers: 0, acked: 0, ackedLate: 0, errors: {}, latencySample: [] };
    for (const result of results) {
      total.writers += result.writers;
      total.acked += result.acked;
      total.ackedLate += result.ackedLate;
      addErrors(total.errors, result.errors);
      total.latencySample.push(...result.latencySample);
    }
    return total;
  }

  /** Every listening player sets up its presence (stormClient.ts); the processes' results added up. */
  async preparePresence(timeoutMs: number): Promise<PresenceResult> {
    const results = await Promise.all(
      this.shares.map((share) =>
        share.client.call<PresenceResult>('presence', { timeoutMs }, timeoutMs + CALL_TIMEOUT_MS),
      ),
    );
    const total: PresenceResult = { players: 0, armed: 0, errors: {} };
    for (const result of results) {
      total.players += result.players;
      total.armed += result.armed;
      addErrors(total.errors, result.errors);
    }
    return total;
  }

  /**
   * The reconnect storm: every process drops all its sockets at `dropAt` (preciseNow, the same instant for all),
   * then brings its players back from its storm addresses; resolves when every process is done or gave up.
   */
  async storm(params: Omit<StormParams, 'localAddresses'>): Promise<FleetStormResult> {
    const timeoutMs = params.dropAt - preciseNow() + params.timeLimitMs + CALL_TIMEOUT_MS;
    const results = await Promise.allSettled(
      this.shares.map((share) =>
        share.client.call<StormResult>(
          'storm',
          { ...params, localAddresses: share.stormAddresses } satisfies StormParams,
          timeoutMs,
        ),
      ),
    );
    const total: FleetStormResult = {
      players: 0,
      droppedAt: Infinity,
      relistened: 0,
      armed: 0,
      lastRelistenedAt: 0,
      lastArmedAt: 0,
      attempts: 0,
      maxAttempts: 0,
      errors: {},
      rateLimited: 0,
      rateLimitedPlayers: 0,
      openSample: [],
      authSample: [],
      failedProcesses: 0,
    };
    for (const settled of results) {
      if (settled.status === 'rejected') {
        total.failedProcesses++;
        addErrors(total.errors, { [String(settled.reason)]: 1 });
        continue;
      }
      const result = settled.value;
      total.players += result.players;
      total.droppedAt = Math.min(total.droppedAt, result.droppedAt);
      total.relistened += result.relistened;
      total.armed += result.armed;
      total.lastRelistenedAt = Math.max(total.lastRelistenedAt, result.lastRelistenedAt);
      total.lastArmedAt = Math.max(total.lastArmedAt, result.lastArmedAt);
      total.attempts += result.attempts;
      total.maxAttempts = Math.max(total.maxAttempts, result.maxAttempts);
      addErrors(total.errors, result.errors);
      total.rateLimited += result.rateLimited;
      total.rateLimitedPlayers += result.rateLimitedPlayers;
      total.openSample.push(...result.openSample);
      total.authSample.push(...result.authSample);
    }
    return total;
  }

  /** The storm's players as they are now, every process's added up. */
  async stormCheck(): Promise<StormCheck> {
    const results = await Promise.all(
      this.shares.map((share) => share.client.call<StormCheck>('stormCheck', {}, CALL_TIMEOUT_MS)),
    );
    const total: StormCheck = {
      players: 0,
      listening: 0,
      presenceOwn: 0,
      lateDisconnects: 0,
      lateAfterArmed: 0,
      notRecovered: 0,
      rateLimitedNotRecovered: 0,
      lastEventAt: 0,
    };
    for (const result of results) {
      total.players += result.players;
      total.listening += result.listening;
      total.presenceOwn += result.presenceOwn;
      total.lateDisconnects += result.lateDisconnects;
      total.lateAfterArmed += result.lateAfterArmed;
      total.notRecovered += result.notRecovered;
      total.rateLimitedNotRecovered += result.rateLimitedNotRecovered;
      total.lastEventAt = Math.max(total.lastEventAt, result.lastEventAt);
    }
    return total;
  }

  async status(): Promise<PlayerStatus> {
    const results = await Promise.all(
      this.shares.map((share) => share.client.call<PlayerStatus>('status', {}, CALL_TIMEOUT_MS)),
    );
    return {
      ready: results.reduce((sum, result) => sum + result.ready, 0),
      dropped: results.reduce((sum, result) => sum + result.dropped, 0),
      droppedBy: results.reduce<Record<string, number>>((all, result) => {
        for (const [why, count] of Object.entries(result.droppedBy)) all[why] = (all[why] ?? 0) + count;
        return all;
      }, {}),
    };
  }

  /** Closes every socket, then ends the processes. */
  async close(): Promise<void> {
    await Promise.allSettled(this.shares.map((share) => share.client.call('close', {}, CALL_TIMEOUT_MS)));
    await Promise.all(this.shares.map((share) => share.client.stop('SIGTERM', 5000)));
  }
}
