// The benchmark's phases against one running target (Marquee on one node or on several, or a floor), in order:
// connect every player (auth + listen), memory per connection, one-player command latency while the others idle, a
// fleet-wide change (one bulk command request to every player), with --schedules a schedule change and a group edit
// (schedulePhases.ts), acknowledged writes per second with one-player commands beside them, and a reconnect storm
// (stormPhase.ts). Every phase is bounded in time and count, and records the CPU time of the server nodes and of the
// load generator (player processes and driver) it took, and the server's event-loop delay. With several nodes, the
// players are spread over them round-robin, each command goes to another node than its player's (targets.ts), and
// the figures are the nodes' together (nodeTotals.ts).

import fs from 'node:fs';
import path from 'node:path';
import { HttpPoster, type PostResult } from './httpClient';
import { PlayerFleet } from './playerFleet';
import { preciseNow } from './playerMessages';
import { combineLoopStats, playersPerNode, sumMemory } from './nodeTotals';
import { cpuSeconds, mainThreadSchedule, serviceCpuSeconds } from './processInfo';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './profileSummary';
import { measureSchedules, type ScheduleFigures } from './schedulePhases';
import { measureStorm, type StormFigures } from './stormPhase';
import type { ScheduleFixtures, SeededPlayer } from './seed';
import type { LoopStats, MemorySample } from './serverProbe';
import { summarizeStatements, type StatementSummary } from './statements';
import { percentile, seededRandom } from './stats';
import { commandBody, commandNodeOf, connectNodeOf, isFloor, type Target } from './targets';

export interface MeasureOptions {
  /** Connections to make (the requested players, or fewer when the server's open-files limit says so). */
  target: number;
  /** Sequential one-player commands measured, after `warmupCommands` unmeasured ones. */
  commands: number;
  warmupCommands: number;
  /** Concurrent HTTP requests of the one-player commands' client (the fleet-wide change is one request). */
  httpConcurrency: number;
  writeDurationMs: number;
  /** Writes outstanding over all players (each player keeps at least one). */
  writesInFlight: number;
  clientProcesses: number;
  addressesPerProcess: number;
  /** Connections being opened at once over all client processes. */
  connectConcurrency: number;
  /** Where CPU profiles of each phase (and a heap snapshot of Marquee) go; null: no profiling. */
  profileDir: string | null;
  /** The schedules phases' group and playlist (Marquee with --schedules); null: no schedules phases. */
  schedules: ScheduleFixtures | null;
  log: (line: string) => void;
}

export type Phase = 'connect' | 'command' | 'fleetWide' | 'schedule' | 'groupEdit' | 'writes' | 'storm';

/** CPU seconds used during a phase, and its wall time: a load generator near its share shows a bounded figure. */
export interface PhaseCpu {
  wallSeconds: number;
  /** The server nodes together. */
  server: number;
  /** The simulated-player processes together. */
  players: number;
  /** PostgreSQL's processes and Redis together, for nodes that share them; null without. */
  services: number | null;
  driver: number;
  /**
   * The server's event loop thread (the nodes' together): seconds running, seconds ready but waiting for a CPU
   * (taken by other processes), and the rest of the wall time (times the nodes), blocked (idle, or in a system call
   * such as an fsync).
   */
  serverMainThread: { running: number; waitingForCpu: number; blocked: number };
}

export interface PhaseProfile {
  file: string;
  summary: ProfileSummary;
}

/** One server node's share of a target's figures. */
export interface NodeFigures {
  pid: number;
  origin: string;
  /** Players listening on this node. */
  players: number;
  memory: {
    before: MemorySample;
    after: MemorySample;
    rssPerConnection: number;
    heapPerConnection: number;
  };
  loop: Partial<Record<Phase, LoopStats>>;
}

export interface TargetFigures {
  kind: Target['kind'];
  players: {
    attempted: number;
    connected: number;
    failed: number;
    errors: Record<string, number>;
    /** Sockets of listening players closed by the server during the run. */
    dropped: number;
    /** Those by close code and reason. */
    droppedBy: Record<string, number>;
    clientProcesses: number;
    sourceAddresses: string[];
  };
  /** The server nodes' and the player processes' ids (all ended when the run is over). */
  processIds: number[];
  connect: { seconds: number; perSecond: number };
  /** The nodes' samples added up; per connection: their growth together / every listening player. */
  memory: {
    before: MemorySample;
    after: MemorySample;
    rssPerConnection: number;
    heapPerConnection: number;
  };
  command: {
    measured: number;
    lost: number;
    failedRequests: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    /** Until the HTTP answer, for comparison with the event. */
    httpP50Ms: number;
    httpP99Ms: number;
  };
  fleetWide: {
    players: number;
    received: number;
    complete: boolean;
    /** From the first command sent until the last player received its change. */
    ms: number;
    /** From the first command sent until the last HTTP answer. */
    httpMs: number;
    failedRequests: number;
  };
  /** With --schedules (Marquee only); else null. */
  schedules: ScheduleFigures | null;
  writes: {
    writers: number;
    windowPerPlayer: number;
    durationMs: number;
    acked: number;
    ackedLate: number;
    perSecond: number;
    errors: Record<string, number>;
    latencyP50Ms: number;
    latencyP99Ms: number;
  };
  /**
   * One-player commands sent one after the other during the writes phase, as in the command phase, each heard on a
   * second socket of its player (one of `probes`), held by a process that does not write.
   */
  commandDuringWrites: {
    probes: number;
    measured: number;
    lost: number;
    failedRequests: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    /** Until the request was answered (the command committed), of the same commands. */
    httpP50Ms: number;
    httpP99Ms: number;
  };
  storm: StormFigures;
  cpu: Partial<Record<Phase, PhaseCpu>>;
  /** The server's event-loop delay and GC pauses in each phase (with several nodes: combineLoopStats). */
  loop: Partial<Record<Phase, LoopStats>>;
  /**
   * With profiling: the server's CPU profile of each phase, and the heap snapshot taken after connecting (with
   * several nodes, the first node's).
   */
  profiles: Partial<Record<Phase, PhaseProfile>> | null;
  /** With --statements: PostgreSQL's statements of each phase (statements.ts). */
  statements: Partial<Record<Phase, StatementSummary>> | null;
  heapSnapshot: string | null;
  /** Each server node's figures (one for Marquee on SQLite and for the floor). */
  nodes: NodeFigures[];
}

/** Time for the server to settle (timers, lazily freed buffers) before memory is sampled. */
const SETTLE_MS = 2000;
const COMMAND_TIMEOUT_MS = 5000;
const COMMAND_PHASE_LIMIT_MS = 180_000;
const FLEET_MIN_WAIT_MS = 30_000;
/** The bulk request answers once every player's flag is committed: tens of thousands of writes. */
const FLEET_REQUEST_TIMEOUT_MS = 120_000;
const COLLECT_INTERVAL_MS = 250;
/** Shortest phase for the server's event-loop statistics (several samples of the probe). */
const LOOP_SAMPLE_MS = 50;
const WRITE_DRAIN_TIMEOUT_MS = 30_000;
/**
 * Shortest time between the starts of two one-player commands during the writes phase (at most 100 a second): what
 * the commands cost the server stays small beside the writes measured with them.
 */
const COMMAND_DURING_WRITES_INTERVAL_MS = 10;
/** Players heard on a second socket during the writes phase (the commands then go to them). */
const COMMAND_PROBES = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failedRequests(results: readonly (PostResult | Error)[]): number {
  return results.filter((result) => result instanceof Error || result.status !== 201).length;
}

const driverCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Runs the phases, recording their CPU use and, when profiling, the first node's CPU profile of each. */
class PhaseRecorder {
  readonly cpu: Partial<Record<Phase, PhaseCpu>> = {};
  readonly loop: Partial<Record<Phase, LoopStats>> = {};
  /** Each node's event-loop statistics per phase. */
  readonly nodeLoops: Partial<Record<Phase, LoopStats>>[];
  readonly profiles: Partial<Record<Phase, PhaseProfile>> = {};
  readonly statements: Partial<Record<Phase, StatementSummary>> = {};

  constructor(
    private readonly target: Target,
    private readonly fleet: PlayerFleet,
    private readonly profileDir: string | null,
  ) {
    this.nodeLoops = target.nodes.map(() => ({}));
  }

  async run<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const probes = this.target.nodes.map((node) => node.process);
    const profiled = probes[0];
    const onEvery = <R>(call: (probe: (typeof probes)[number]) => Promise<R>) =>
      Promise.all(probes.map(call));
    const serverSeconds = () => probes.reduce((sum, probe) => sum + cpuSeconds(probe.pid), 0);
    const { serviceProcessIds } = this.target;
    const serviceSeconds = () =>
      serviceProcessIds === undefined ? null : serviceCpuSeconds(serviceProcessIds());
    const schedules = () => probes.map((probe) => mainThreadSchedule(probe.pid));
    if (this.profileDir !== null) await profiled?.call('profileStart', {}, 30_000);
    await onEvery((probe) => probe.call('phaseStart', {}, 30_000));
    await this.target.statements?.reset();
    const start = {
      wall: performance.now(),
      server: serverSeconds(),
      players: this.fleet.cpuSeconds(),
      services: serviceSeconds(),
      driver: driverCpuSeconds(),
      threads: schedules(),
    };
    const result = await work();
    const wallSeconds = (performance.now() - start.wall) / 1000;
    const statementRows = await this.target.statements?.read();
    const threads = schedules();
    let running = 0;
    let waitingForCpu = 0;
    threads.forEach((thread, k) => {
      running += thread.running - (start.threads[k]?.running ?? 0);
      waitingForCpu += thread.waiting - (start.threads[k]?.waiting ?? 0);
    });
    this.cpu[phase] = {
      wallSeconds,
      server: serverSeconds() - start.server,
      players: this.fleet.cpuSeconds() - start.players,
      services: start.services === null ? null : (serviceSeconds() as number) - start.services,
      driver: driverCpuSeconds() - start.driver,
      serverMainThread: {
        running,
        waitingForCpu,
        blocked: Math.max(0, wallSeconds * probes.length - running - waitingForCpu),
      },
    };
    // The probe samples the event loop every 10 ms: a phase shorter than a few samples (the floor's one broadcast
    // request) would have none. Idle time added after the CPU figures were taken changes none of them.
    const shortBy = LOOP_SAMPLE_MS - (performance.now() - start.wall);
    if (shortBy > 0) await sleep(shortBy);
    const loops = await onEvery((probe) => probe.call<LoopStats>('phaseStop', {}, 30_000));
    loops.forEach((loop, k) => {
      const nodeLoop = this.nodeLoops[k];
      if (nodeLoop !== undefined) nodeLoop[phase] = loop;
    });
    this.loop[phase] = combineLoopStats(loops);
    if (statementRows !== undefined) this.statements[phase] = summarizeStatements(statementRows);
    if (this.profileDir !== null && profiled !== undefined) {
      const file = path.join(this.profileDir, `${this.target.kind}-${phase}.cpuprofile`);
      await profiled.call('profileStop', { file }, 120_000);
      const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
      this.profiles[phase] = { file, summary: summarizeProfile(profile) };
    }
    return result;
  }
}

/** `count` distinct players of `players`, chosen by `random`. */
function pickPlayers(players: readonly SeededPlayer[], count: number, random: () => number): SeededPlayer[] {
  const pool = [...players];
  const picked: SeededPlayer[] = [];
  while (picked.length < count && pool.length > 0) {
    const [player] = pool.splice(Math.floor(random() * pool.length), 1);
    picked.push(player as SeededPlayer);
  }
  return picked;
}

/**
 * A second socket for each of `players`, to the node of its first, listening to its action_flags and reporting each
 * command's arrival, in a player process of its own; resolves once they listen (those that could not are left out).
 */
async function startProbes(
  players: readonly SeededPlayer[],
  nodes: Target['nodes'],
  nodeOf: (player: SeededPlayer) => number,
): Promise<{ fleet: PlayerFleet; listening: SeededPlayer[] }> {
  const probes = await PlayerFleet.start(players, { processes: 1, addressesPerProcess: 1 });
  try {
    const connected = await probes.connect(
      nodes.map((node) => node.wsUrl),
      (index) => nodeOf(players[index] as SeededPlayer),
      { concurrency: 16, attemptTimeoutMs: 30_000, attempts: 3, timeoutMs: 120_000 },
    );
    const failed = new Set(connected.failedPlayerIds);
    const listening = players.filter((player) => !failed.has(player.playerId));
    if (listening.length === 0) throw new Error('no command probe could connect');
    await probes.stream(true);
    return { fleet: probes, listening };
  } catch (error) {
    await probes.close();
    throw error;
  }
}

interface CommandOutcome {
  /** The request failed or was not answered 201. */
  failed: boolean;
  /** Null when the value never reached the player (or the request got no answer). */
  latencyMs: number | null;
  httpMs: number | null;
}

export async function measureTarget(
  target: Target,
  players: readonly SeededPlayer[],
  options: MeasureOptions,
): Promise<TargetFigures> {
  const { log } = options;
  const attempted = players.slice(0, options.target);
  const nodes = target.nodes;
  const first = nodes[0];
  if (first === undefined) throw new Error(`${target.kind}: no server node`);
  const indexOf = new Map(attempted.map((player, index) => [player.playerId, index]));
  const commandNode = (player: SeededPlayer) =>
    commandNodeOf(indexOf.get(player.playerId) ?? 0, nodes.length);
  let nextValue = 1;

  const nodeMemory = () => Promise.all(nodes.map((node) => node.memory()));
  const before = await nodeMemory();
  const fleet = await PlayerFleet.start(attempted, {
    processes: options.clientProcesses,
    addressesPerProcess: options.addressesPerProcess,
  });
  const phases = new PhaseRecorder(target, fleet, options.profileDir);
  const processIds = [...nodes.map((node) => node.process.pid), ...fleet.processIds];
  try {
    // ---- connect ----
    log(
      `${target.kind}: connecting ${attempted.length} players over ${fleet.processes} processes` +
        (nodes.length > 1 ? ` to ${nodes.length} nodes` : ''),
    );
    const connected = await phases.run('connect', () =>
      fleet.connect(
        nodes.map((node) => node.wsUrl),
        (index) => connectNodeOf(index, nodes.length),
        {
          concurrency: options.connectConcurrency,
          attemptTimeoutMs: 30_000,
          attempts: 3,
          timeoutMs: Math.max(300_000, attempted.length * 20),
          listenAppData: options.schedules !== null,
        },
      ),
    );
    const connectSeconds = (connected.lastReadyAt - connected.startedAt) / 1000;
    log(
      `${target.kind}: ${connected.ready} listening in ${connectSeconds.toFixed(1)} s` +
        (connected.failed > 0 ? `, ${connected.failed} failed: ${JSON.stringify(connected.errors)}` : ''),
    );
    const failedIds = new Set(connected.failedPlayerIds);
    const listening = attempted.filter((player) => !failedIds.has(player.playerId));
    if (listening.length === 0) throw new Error(`${target.kind}: no player could connect`);

    const perNode = playersPerNode(
      attempted.map((player) => !failedIds.has(player.playerId)),
      nodes.length,
      (index) => connectNodeOf(index, nodes.length),
    );

    await sleep(SETTLE_MS);
    const after = await nodeMemory();
    const growth = (key: 'rss' | 'heapUsed', from: MemorySample, to: MemorySample, count: number) =>
      count === 0 ? 0 : (to[key] - from[key]) / count;
    const [beforeTotal, afterTotal] = [sumMemory(before), sumMemory(after)];

    // One command to a random player of `among`, sequential clients (one per node: with several nodes, each command
    // goes to another node than its player's); from just before the request is written until the player's socket
    // in `heard` reads it.
    const sendCommand = async (
      posters: readonly HttpPoster[],
      random: () => number,
      among: readonly SeededPlayer[] = listening,
      heard: PlayerFleet = fleet,
    ): Promise<CommandOutcome> => {
      const player = among[Math.floor(random() * among.length)] as SeededPlayer;
      const value = nextValue++;
      const arrival = heard.arrival(player.playerId, value, COMMAND_TIMEOUT_MS);
      const poster = posters[commandNode(player)] as HttpPoster;
      const answer = await poster
        .post(target.commandPath(player), commandBody(value))
        .catch((error: Error) => error);
      const at = await arrival;
      const failed = answer instanceof Error || answer.status !== 201;
      if (at === null || answer instanceof Error) return { failed, latencyMs: null, httpMs: null };
      return { failed, latencyMs: at - answer.sentAt, httpMs: answer.answeredAt - answer.sentAt };
    };
    const sequentialPosters = () => nodes.map((node) => new HttpPoster(node.origin, 1, target.headers));

    // ---- one-player command latency, the others idle ----
    await fleet.stream(true);
    const sequential = sequentialPosters();
    const random = seededRandom(20_000);
    const latencies: number[] = [];
    const httpLatencies: number[] = [];
    let lost = 0;
    let commandFailures = 0;
    const phaseEnd = performance.now() + COMMAND_PHASE_LIMIT_MS;
    const total = options.warmupCommands + options.commands;
    await phases.run('command', async () => {
      for (let k = 0; k < total && performance.now() < phaseEnd; k++) {
        const outcome = await sendCommand(sequential, random);
        if (k < options.warmupCommands) continue;
        if (outcome.failed) commandFailures++;
        if (outcome.latencyMs === null || outcome.httpMs === null) {
          lost++;
          continue;
        }
        latencies.push(outcome.latencyMs);
        httpLatencies.push(outcome.httpMs);
      }
    });
    for (const poster of sequential) poster.close();
    await fleet.stream(false);
    log(
      `${target.kind}: command p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );

    // ---- fleet-wide change: one bulk command request raising the command on every player ----
    const value = nextValue++;
    const parallel = new HttpPoster(first.origin, 1, target.headers, FLEET_REQUEST_TIMEOUT_MS);
    const fleetStart = preciseNow();
    let httpDone = fleetStart;
    const [results, collected] = await phases.run('fleetWide', async () => {
      const answers = await parallel.postAll([target.fleetWidePath], (path) => ({
        path,
        body: commandBody(value),
      }));
      httpDone = preciseNow();
      const waitUntil = httpDone + Math.max(FLEET_MIN_WAIT_MS, 3 * (httpDone - fleetStart));
      let arrived = await fleet.collect(value);
      while (arrived.received < listening.length && preciseNow() < waitUntil) {
        await sleep(COLLECT_INTERVAL_MS);
        arrived = await fleet.collect(value);
      }
      return [answers, arrived] as const;
    });
    parallel.close();
    const fleetMs = collected.lastAt - fleetStart;
    log(
      `${target.kind}: fleet-wide change reached ${collected.received}/${listening.length} ` +
        `in ${fleetMs.toFixed(0)} ms`,
    );

    const schedules =
      options.schedules === null
        ? null
        : await measureSchedules({
            target,
            fleet,
            listening,
            seeded: players,
            fixtures: options.schedules,
            phases,
            log,
          });

    // ---- acknowledged writes, with one-player commands one after the other beside them ----
    // The writers write players/{id}/settings/name, the commands players/{id}/action_flags: each command's arrival
    // is told apart from the writes. It is heard on a second socket of the player (probes), in a process that does
    // not write: the player processes are busy with the writes, and their backlog is not the server's latency.
    const windowPerPlayer = Math.max(1, Math.round(options.writesInFlight / listening.length));
    const probed = pickPlayers(listening, COMMAND_PROBES, seededRandom(40_000));
    const probes = await startProbes(probed, nodes, (player) =>
      connectNodeOf(indexOf.get(player.playerId) ?? 0, nodes.length),
    );
    processIds.push(...probes.fleet.processIds);
    const duringWrites = sequentialPosters();
    const duringRandom = seededRandom(30_000);
    const during = { latencies: [] as number[], http: [] as number[], lost: 0, failed: 0 };
    const written = await phases.run('writes', async () => {
      const writesEnd = performance.now() + options.writeDurationMs;
      const commands = (async () => {
        while (performance.now() < writesEnd) {
          const started = performance.now();
          const outcome = await sendCommand(duringWrites, duringRandom, probes.listening, probes.fleet);
          if (outcome.failed) during.failed++;
          if (outcome.latencyMs === null) during.lost++;
          else during.latencies.push(outcome.latencyMs);
          if (outcome.httpMs !== null) during.http.push(outcome.httpMs);
          const pause = started + COMMAND_DURING_WRITES_INTERVAL_MS - performance.now();
          if (pause > 0) await sleep(pause);
        }
      })();
      const [result] = await Promise.all([
        fleet.write({
          durationMs: options.writeDurationMs,
          window: windowPerPlayer,
          drainTimeoutMs: WRITE_DRAIN_TIMEOUT_MS,
        }),
        commands,
      ]);
      return result;
    });
    for (const poster of duringWrites) poster.close();
    await probes.fleet.close();
    const perSecond = written.acked / (options.writeDurationMs / 1000);
    log(
      `${target.kind}: ${written.acked} writes acknowledged in ${options.writeDurationMs} ms ` +
        `(${perSecond.toFixed(0)}/s); ${during.latencies.length} commands beside them, ` +
        `p99 ${percentile(during.latencies, 99).toFixed(1)} ms (answered: p50 ${percentile(during.http, 50).toFixed(1)}, ` +
        `p99 ${percentile(during.http, 99).toFixed(1)} ms)` +
        (during.lost > 0 ? `, ${during.lost} lost` : ''),
    );

    // ---- reconnect storm ----
    const storm = await measureStorm(target, fleet, phases, log);

    // Last: once V8 has taken a heap snapshot it tracks every object the collector moves, for the process's life,
    // and each collection after it is slower (taken after the connect phase, it made the profiled storm's garbage
    // collection four to five times as long: 14 to 17 s against 3.5). The players are connected again by now.
    let heapSnapshot: string | null = null;
    if (options.profileDir !== null && !isFloor(target.kind)) {
      const file = path.join(options.profileDir, `${target.kind}-connected.heapsnapshot`);
      heapSnapshot = await first.process.call<string>('heapSnapshot', { file }, 600_000);
    }

    const status = await fleet.status();
    return {
      kind: target.kind,
      players: {
        attempted: attempted.length,
        connected: listening.length,
        failed: connected.failed,
        errors: connected.errors,
        dropped: status.dropped,
        droppedBy: status.droppedBy,
        clientProcesses: fleet.processes,
        sourceAddresses: fleet.sourceAddresses,
      },
      processIds,
      connect: { seconds: connectSeconds, perSecond: listening.length / connectSeconds },
      memory: {
        before: beforeTotal,
        after: afterTotal,
        rssPerConnection: growth('rss', beforeTotal, afterTotal, listening.length),
        heapPerConnection: growth('heapUsed', beforeTotal, afterTotal, listening.length),
      },
      command: {
        measured: latencies.length,
        lost,
        failedRequests: commandFailures,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: percentile(latencies, 100),
        httpP50Ms: percentile(httpLatencies, 50),
        httpP99Ms: percentile(httpLatencies, 99),
      },
      fleetWide: {
        players: listening.length,
        received: collected.received,
        complete: collected.received === listening.length,
        ms: fleetMs,
        httpMs: httpDone - fleetStart,
        failedRequests: failedRequests(results),
      },
      schedules,
      writes: {
        writers: written.writers,
        windowPerPlayer,
        durationMs: options.writeDurationMs,
        acked: written.acked,
        ackedLate: written.ackedLate,
        perSecond,
        errors: written.errors,
        latencyP50Ms: percentile(written.latencySample, 50),
        latencyP99Ms: percentile(written.latencySample, 99),
      },
      commandDuringWrites: {
        probes: probes.listening.length,
        measured: during.latencies.length,
        lost: during.lost,
        failedRequests: during.failed,
        p50Ms: percentile(during.latencies, 50),
        p99Ms: percentile(during.latencies, 99),
        maxMs: percentile(during.latencies, 100),
        httpP50Ms: percentile(during.http, 50),
        httpP99Ms: percentile(during.http, 99),
      },
      storm,
      cpu: phases.cpu,
      loop: phases.loop,
      profiles: options.profileDir === null ? null : phases.profiles,
      statements: target.statements === undefined ? null : phases.statements,
      heapSnapshot,
      nodes: nodes.map((node, k) => {
        const [from, to, count] = [before[k] as MemorySample, after[k] as MemorySample, perNode[k] ?? 0];
        return {
          pid: node.process.pid,
          origin: node.origin,
          players: count,
          memory: {
            before: from,
            after: to,
            rssPerConnection: growth('rss', from, to, count),
            heapPerConnection: growth('heapUsed', from, to, count),
          },
          loop: phases.nodeLoops[k] ?? {},
        };
      }),
    };
  } finally {
    await fleet.close();
  }
}
