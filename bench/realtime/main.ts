// `npm run bench:realtime`: seeds the players into a temporary SQLite data folder, starts Marquee on it in its own
// process and measures it with simulated players in several client processes, then does the same against the
// raw-ws floor (floorServer.ts) in memory and again durable (committing every change to SQLite before answering
// it), prints the table and writes the JSON to bench/results. With --nodes N (N > 1) it
// also starts PostgreSQL and Redis (@marquee/testbed), seeds the players into PostgreSQL, measures N Marquee nodes
// on them the same way and prints their figures beside the single node's. With --schedules, Marquee is also measured
// changing a schedule for a group of every screen and editing that group (schedulePhases.ts), printed beside the
// fleet-wide command of the same run (scheduleReport.ts). Progress goes to stderr, the tables to
// stdout. Budgets are reported, never enforced: the exit code is 0 unless the benchmark itself failed.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, startRedis } from '@marquee/testbed';
import { ArgsError, USAGE, parseBenchArgs, type BenchArgs } from './args';
import { cleanUpOnInterrupt, killAllChildren, killChildrenOnExit } from './childProcesses';
import { measureTarget, type MeasureOptions, type TargetFigures } from './measureTarget';
import { StatementStats, formatPhaseStatements, type PerUnit } from './statements';
import {
  clusterCapacity,
  connectionCapacity,
  openFileCount,
  openFileLimit,
  roundRobinShare,
  type Capacity,
} from './processInfo';
import {
  BUDGETS,
  comparisonRows,
  figureRows,
  formatComparisonTable,
  formatCosts,
  formatTable,
  largestNode,
  operationCosts,
} from './report';
import { SCHEDULE_BASELINE, scheduleRows } from './scheduleReport';
import { seedPlayers, type ScheduleFixtures, type SeedResult } from './seed';
import {
  freePort,
  startCluster,
  startClusterFloor,
  startFloor,
  startMarquee,
  type Target,
  type TargetNode,
} from './targets';

/** Simulated players per client process (each process has its own open-files limit). */
const PLAYERS_PER_CLIENT_PROCESS = 5000;
/** Source addresses per client process: ~28k ephemeral ports each, far more than one process holds. */
const ADDRESSES_PER_PROCESS = 2;
/** Descriptors a server keeps free beyond the HTTP connections: its own files, health checks, stray sockets. */
const SERVER_FILE_RESERVE = 64;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const METHOD = {
  server:
    'apps/server/dist/main.js (what npm start runs) on SQLite in a temporary data folder, MARQUEE_LOG_LEVEL=warn, ' +
    'one process',
  floor:
    'floorServer.ts: raw ws + node:http in one process; same frames (auth by reading the token subject, listen, set ' +
    "kept in memory and pushed to the path's listener, od set/cancel armed per socket and run when it closes, " +
    'server timestamps resolved, nulls dropped), pushes the value event on POST /players/{id}/commands (POST ' +
    '/players/commands: to every listening player); no database, rules or keep-alive',
  durableFloor:
    'the same floorServer.ts with FLOOR_DB=<file in the data folder>: every change (set, command, onDisconnect ' +
    'action) is queued and committed to SQLite (better-sqlite3, table (path TEXT PRIMARY KEY, value TEXT), ' +
    "Marquee's pragmas: journal_mode WAL, synchronous NORMAL, foreign_keys ON, busy_timeout 5000) in one " +
    'transaction per event-loop turn (setImmediate), then applied, answered and pushed; measured after the ' +
    'in-memory floor, with the same players and phases. It is the baseline of acknowledged writes',
  players:
    'simulated players in several child processes (own open-files table each), 127.0.0.x source addresses, speaking ' +
    'the wire protocol directly with ws (not packages/realtime: too heavy for tens of thousands): auth with an ID ' +
    'token, listen players/{id}/action_flags, idle',
  seeding:
    'before the server starts, through its own services (@marquee/server): each player registers, is paired by ' +
    'the screen service with the code it shows, rotates its credentials as the pairing asks and signs in with ' +
    'its new custom token; 500 players at a time',
  connectRate:
    'players listening / seconds from the first connection attempt until the last listen was answered',
  memory:
    '(after − before) / players listening; samples after a forced full GC (the probe imported into the server), ' +
    'RSS from /proc/{pid}/status VmRSS',
  command:
    'POST /api/v1/screens/{id}/commands {command: update_device_info, param: n} to a random listening player, one ' +
    'at a time, the others idle; from just before the request is written until that player reads the value event',
  fleetWide:
    'ONE bulk command: POST /api/v1/screens/commands {command: update_device_info, param: n} without screenIds ' +
    '(every screen of the organisation; the floor: one POST /players/commands to every listening player); from ' +
    'the request written until the last listening player read its value event',
  schedules:
    'with --schedules, on Marquee only, after the fleet-wide command: every player also listens to ' +
    'players/{id}/app/data from the start (two listens per socket: memory per connection includes it). Seeding ' +
    'adds a playlist and a group listing every screen. Schedule change: ONE POST /api/v1/schedules {playlistId, ' +
    'targets: {groupIds: [the group]}, priority 10, startsOn: today, all day}; from the request written until the ' +
    "last listening player's app/data listen read the new version. Group edit: ONE PATCH /api/v1/groups/{id} " +
    'listing every screen but the last (every member recomputed); server CPU (all threads) and the longest ' +
    'event-loop delay during it. Beside: the fleet-wide command (its time, its server CPU, its longest stall)',
  writes:
    'every listening player sets players/{id}/settings/name over its socket, keeping its window of writes ' +
    'outstanding, for the duration; acknowledgements (ok answers) received within it, per second; ratio and ' +
    'budget against the durable floor. The one-player commands below run at the same time',
  commandDuringWrites:
    'during the writes phase, the one-player command of the command phase (POST, until the player reads the value ' +
    'event at players/{id}/action_flags, apart from the settings/name the writers write), one after the other, at ' +
    'most one every 10 ms, until the duration is over; to 50 players chosen once, each heard on a second socket of ' +
    'its own to the same node, held by a player process that does not write (the writing processes are saturated ' +
    'and their backlog would be measured, not the server); p50/p99/max of those that arrived, and the lost',
  stalls:
    'the longest event-loop delay of the server process in each phase (monitorEventLoopDelay, 10 ms resolution, ' +
    "imported probe; with several nodes the worst node), beside the floors'; the longest GC pause of each phase is " +
    'in the footer, to tell a collection from work holding the loop. The in-memory floor answers each write at ' +
    'once, so in the writes phase more than 1,024 sockets are ready at every poll: libuv polls again (up to 48 ' +
    'times) before it runs timers, and its timer delay there is long while its sockets are served',
  storm:
    'after the writes: each listening player first sets up its presence over its socket as the real player does ' +
    'on connect (packages/realtime/src/presence.ts; untimed): listen players/{id}/connection, od cancel, set ' +
    '{connected: true, connected_at: server time, disconnected_at: null, id}, od set {connected: false, ' +
    'disconnected_at: server time, connected_at: null, id: null}. Then every player process terminates all its ' +
    "sockets at the same instant, and each player reconnects after the real client's backoff (full jitter under " +
    'reconnectCeiling(attempt): 250 ms doubling to 30 s; protocol), from other source addresses (127.0.1.x), and ' +
    'sends what the real client sends in its order (repo.ts): auth, listen action_flags and connection, its armed ' +
    'od set again, the offline record presence queued while down, then od cancel, set and od set with a NEW ' +
    'connection id. A failed, refused or silent socket (10 s) is replaced after the next backoff; a refused request ' +
    '(rate_limited…) is sent again after it. Figures from the drop: until the last player listened again, until ' +
    'the last presence was armed (time limit 120 s). Then a settle (3 s, then until no presence event for 1 s): ' +
    'players listening with their own record; late disconnects: players whose record changed to something else ' +
    "after their new record was written (a later revision): an old connection's onDisconnect run late; players " +
    'not recovered: not listening or not their own record. Budget: every player listening again within 20 s and ' +
    "1.5× the in-memory floor's time",
};

/** How the N-node run (--nodes) differs from the single node's; every phase is otherwise the same. */
const NODES_METHOD = {
  nodes:
    'N × apps/server/dist/main.js, each its own process and port, on one PostgreSQL database (DATABASE_URL) and one ' +
    'Redis (REDIS_URL), sharing a data folder and MARQUEE_PUBLIC_URL; both services from @marquee/testbed in a ' +
    'temporary folder: a fresh initdb with fsync=off, synchronous_commit=off, full_page_writes=off (commits not ' +
    'waiting for a disk flush, as SQLite in WAL mode with synchronous=NORMAL), and redis-server without persistence',
  seeding:
    'as for the single node, into the PostgreSQL database, before the nodes start; each statement commits on its ' +
    'own (the services take pooled connections)',
  spread:
    'the players connect to the nodes directly, round-robin: no load balancer, because the 2-core machine cannot ' +
    'afford an extra proxy hop for every frame beside N nodes and the players, and the balancer is not what is ' +
    "measured (the multi-node tests go through nginx). Each one-player command is POSTed to the node after its player's, " +
    "so every command crosses Redis; the fleet-wide bulk command goes to node 1; writes go over each player's own socket",
  figures:
    'players listening and connect rate: all nodes together; memory per connection: the sum over the nodes of ' +
    '(after − before) / all listening players (the largest node, its growth / its own players, in the note); ' +
    'latencies and writes/s as for one node; capacity: each node process has its own open-files limit, so the ' +
    'nodes hold the sum of theirs (the tightest node times N, the players being spread evenly)',
  clusterFloor:
    'floorCluster.ts: N floor nodes on their own fresh PostgreSQL database and Redis (as the nodes have), measured ' +
    "with the nodes' players after the other floors: the changes of a turn committed to PostgreSQL in one statement " +
    "per kind, then pushed and PUBLISHed on the path's channel (one EVAL per batch), a channel SUBSCRIBEd while a " +
    'socket of the node listens there, a listen answered with the value read after its SUBSCRIBE; the fleet-wide ' +
    "command goes to every node on one channel. The nodes' rows are judged against it (their ratios), not against " +
    'the single-process floors',
};

function clientProcessesFor(args: BenchArgs, players: number): number {
  return args.clientProcesses ?? Math.max(2, Math.ceil(players / PLAYERS_PER_CLIENT_PROCESS));
}

function capacityOf(node: TargetNode, requested: number, args: BenchArgs): Capacity {
  const pid = node.process.pid;
  return connectionCapacity({
    requested,
    limit: openFileLimit(pid),
    openBefore: openFileCount(pid),
    reserve: args.httpConcurrency + SERVER_FILE_RESERVE,
  });
}

/** Each node's capacity for its round-robin share, then the nodes' together. */
function targetCapacity(target: Target, requested: number, args: BenchArgs): Capacity {
  if (target.nodes.length === 1) return capacityOf(target.nodes[0] as TargetNode, requested, args);
  const share = roundRobinShare(requested, target.nodes.length);
  return clusterCapacity(
    requested,
    target.nodes.map((node) => capacityOf(node, share, args)),
  );
}

function measureOptions(
  args: BenchArgs,
  target: number,
  profileDir: string | null,
  schedules: ScheduleFixtures | null,
): MeasureOptions {
  return {
    schedules,
    target,
    commands: args.commands,
    warmupCommands: args.warmupCommands,
    httpConcurrency: args.httpConcurrency,
    writeDurationMs: args.writeDurationMs,
    writesInFlight: args.writesInFlight,
    clientProcesses: clientProcessesFor(args, target),
    addressesPerProcess: ADDRESSES_PER_PROCESS,
    connectConcurrency: args.connectConcurrency,
    profileDir,
    log,
  };
}

/** One measured floor: what it could hold, and its figures. */
interface FloorRun {
  capacity: Capacity;
  figures: TargetFigures;
  /** The cluster floor's PostgreSQL database and Redis (stopped when it is measured). */
  services?: { postgres: string; redis: string };
}

/** One measured Marquee target: its seeded players, what it could hold, and its figures. */
interface MarqueeRun {
  seeded: SeedResult;
  capacity: Capacity;
  figures: TargetFigures;
  /** The PostgreSQL database and Redis the nodes shared (stopped when the run is over). */
  services?: { postgres: string; redis: string };
}

async function seed(
  args: BenchArgs,
  what: string,
  options: { dataDir: string; databaseUrl?: string; publicUrl: string },
): Promise<SeedResult> {
  log(`seeding ${args.players} players into ${what}`);
  let reported = 0;
  const seeded = await seedPlayers({
    ...options,
    count: args.players,
    schedules: args.schedules,
    onProgress: (done) => {
      if (done - reported >= 5000 || done === args.players) {
        reported = done;
        log(`seeded ${done}/${args.players}`);
      }
    },
  });
  log(
    `seeding took ${seeded.seconds.toFixed(1)} s (${(args.players / seeded.seconds).toFixed(0)} players/s)`,
  );
  return seeded;
}

async function measure(
  target: Target,
  seeded: SeedResult,
  args: BenchArgs,
  profileDir: string | null,
): Promise<MarqueeRun> {
  try {
    const capacity = targetCapacity(target, args.players, args);
    if (capacity.limitedBy !== null) {
      log(`${target.kind}: connecting ${capacity.target} of ${args.players}: ${capacity.limitedBy}`);
    }
    const figures = await measureTarget(
      target,
      seeded.players,
      measureOptions(args, capacity.target, profileDir, seeded.schedules),
    );
    return { seeded, capacity, figures };
  } finally {
    await target.stop();
  }
}

/** Marquee as `npm start` runs it: one process on SQLite in `dataDir`. */
async function measureSingle(
  args: BenchArgs,
  dataDir: string,
  profileDir: string | null,
): Promise<MarqueeRun> {
  const port = await freePort();
  const seeded = await seed(args, dataDir, { dataDir, publicUrl: `http://127.0.0.1:${port}` });
  const marquee = await startMarquee({ dataDir, port, operatorToken: seeded.operatorToken });
  return measure(marquee, seeded, args, profileDir);
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** What each phase's statements are counted per (--statements). */
function statementUnits(figures: TargetFigures, args: BenchArgs): Record<string, PerUnit> {
  const players = { count: figures.players.connected, unit: 'player' };
  return {
    connect: players,
    command: { count: args.warmupCommands + args.commands, unit: 'command' },
    fleetWide: players,
    // The phase's statements include those of the writes answered after its duration.
    writes: { count: figures.writes.acked + figures.writes.ackedLate, unit: 'write' },
    storm: players,
  };
}

/** Runs `use` with a fresh PostgreSQL database and Redis, stopped after it (and on an interruption). */
async function withServices<T>(
  what: string,
  countStatements: boolean,
  use: (services: {
    databaseUrl: string;
    redisUrl: string;
    processIds: () => number[];
    analyze: () => Promise<void>;
    /** With --statements: the database's statement statistics. */
    statements: StatementStats | undefined;
  }) => Promise<T>,
): Promise<T> {
  log(`starting PostgreSQL and Redis for ${what}`);
  const [postgresStart, redisStart] = await Promise.allSettled([
    startPostgres(countStatements ? { preloadLibraries: ['pg_stat_statements'] } : {}),
    startRedis(),
  ]);
  if (postgresStart.status === 'rejected' || redisStart.status === 'rejected') {
    await Promise.allSettled([
      postgresStart.status === 'fulfilled' ? postgresStart.value.stop() : null,
      redisStart.status === 'fulfilled' ? redisStart.value.close() : null,
    ]);
    throw postgresStart.status === 'rejected'
      ? postgresStart.reason
      : (redisStart as PromiseRejectedResult).reason;
  }
  const [postgres, redis] = [postgresStart.value, redisStart.value];
  let statements: StatementStats | undefined;
  const stopServices = async () => {
    await statements?.close().catch(() => {});
    await Promise.allSettled([redis.close(), postgres.stop()]);
  };
  const unregister = cleanUpOnInterrupt(stopServices);
  try {
    const databaseUrl = await postgres.createDatabase('marquee_bench');
    // PostgreSQL's processes (the postmaster first: it counts its children that ended), then Redis.
    const processIds = () => {
      const redisPid = redis.processId();
      return [...postgres.processIds(), ...(redisPid === null ? [] : [redisPid])];
    };
    const analyze = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('ANALYZE');
      } finally {
        await client.end();
      }
    };
    if (countStatements) statements = await StatementStats.open(databaseUrl);
    return await use({ databaseUrl, redisUrl: redis.url, processIds, analyze, statements });
  } finally {
    await stopServices();
    unregister();
  }
}

/** `args.nodes` Marquee nodes on a fresh PostgreSQL and Redis, sharing `dataDir`. */
function measureNodes(args: BenchArgs, dataDir: string, profileDir: string | null): Promise<MarqueeRun> {
  return withServices(`${args.nodes} nodes`, args.statements, async (services) => {
    const { databaseUrl, redisUrl, processIds, analyze, statements } = services;
    const ports = await distinctFreePorts(args.nodes);
    const seeded = await seed(args, `PostgreSQL ${databaseUrl}`, {
      dataDir,
      databaseUrl,
      publicUrl: `http://127.0.0.1:${ports[0]}`,
    });
    log(`starting ${args.nodes} nodes on ports ${ports.join(', ')}`);
    const nodes = await startCluster({
      dataDir,
      ports,
      databaseUrl,
      redisUrl,
      operatorToken: seeded.operatorToken,
    });
    const measured = await measure(
      { ...nodes, serviceProcessIds: processIds, analyzeDatabase: analyze, statements },
      seeded,
      args,
      profileDir,
    );
    return { ...measured, services: { postgres: databaseUrl, redis: redisUrl } };
  });
}

/**
 * The cluster floor: `args.nodes` floor nodes on a fresh PostgreSQL and Redis, given the players Marquee's nodes
 * had (fewer only if their own limit says so).
 */
function measureClusterFloor(
  args: BenchArgs,
  nodes: MarqueeRun,
  profileDir: string | null,
): Promise<FloorRun> {
  return withServices(`${args.nodes} floor nodes`, args.statements, async (services) => {
    const { databaseUrl, redisUrl, processIds, analyze, statements } = services;
    const floor = {
      ...(await startClusterFloor({ count: args.nodes, databaseUrl, redisUrl })),
      serviceProcessIds: processIds,
      analyzeDatabase: analyze,
      statements,
    };
    const measured = await measureFloor(floor, nodes, args, profileDir);
    return { ...measured, services: { postgres: databaseUrl, redis: redisUrl } };
  });
}

/** A floor given the players `run` had (fewer only if its own limit says so), stopped afterwards. */
async function measureFloor(
  floor: Target,
  run: MarqueeRun,
  args: BenchArgs,
  profileDir: string | null,
): Promise<FloorRun> {
  try {
    const capacity = targetCapacity(floor, run.capacity.target, args);
    const figures = await measureTarget(
      floor,
      run.seeded.players,
      measureOptions(args, capacity.target, profileDir, null),
    );
    return { capacity, figures };
  } finally {
    await floor.stop();
  }
}

const machine = (loadAtStart: number[]) => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryBytes: os.totalmem(),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  openFileLimit: openFileLimit('self'),
  // Other work on the machine takes CPUs from the processes measured (see cpu.*.serverMainThread).
  loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() },
});

const seeding = (run: MarqueeRun) => ({
  seconds: run.seeded.seconds,
  playersPerSecond: run.seeded.players.length / run.seeded.seconds,
});

function loadLine(loadAtStart: number[]): string {
  return (
    `load average ${loadAtStart[0]?.toFixed(2)} at start, ${os.loadavg()[0]?.toFixed(2)} at end ` +
    `(${os.cpus().length} CPUs)`
  );
}

/** The schedules table of a run measured with --schedules. */
function printSchedules(run: MarqueeRun, args: BenchArgs, which?: string): void {
  const rows = scheduleRows(run.figures, args.players);
  if (rows.length === 0) return;
  console.log(
    `\nSchedules${which === undefined ? '' : `, ${which}`}, beside the ${SCHEDULE_BASELINE} of the same run:\n`,
  );
  console.log(formatTable(rows, SCHEDULE_BASELINE));
}

async function run(args: BenchArgs): Promise<string> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const name = `realtime-${startedAt.toISOString().replace(/[:.]/g, '-')}`;
  const profileDir = args.profile ? path.join(args.outDir, `${name}-profiles`) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-'));
  // Also on an interruption (the signal handlers exit the process).
  const removeData = () => {
    if (!args.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', removeData);
  try {
    const scaleOut = args.nodes > 1;
    // One node: SQLite in the data folder itself, as before --nodes existed.
    const single =
      scaleOut && args.skipSingle
        ? null
        : await measureSingle(args, scaleOut ? path.join(dataDir, 'sqlite') : dataDir, profileDir);
    const nodes = scaleOut ? await measureNodes(args, path.join(dataDir, 'nodes'), profileDir) : null;
    const main = (single ?? nodes) as MarqueeRun;

    // The floors get the same players as Marquee: in memory, then durable.
    const floorRun = args.skipFloor ? null : await measureFloor(await startFloor(), main, args, profileDir);
    const durableRun = args.skipFloor
      ? null
      : await measureFloor(
          await startFloor({ databaseFile: path.join(dataDir, 'durable-floor', 'floor.sqlite') }),
          main,
          args,
          profileDir,
        );
    // Marquee's nodes beside the floor's as many nodes on PostgreSQL + Redis.
    const clusterFloorRun =
      nodes === null || args.skipFloor ? null : await measureClusterFloor(args, nodes, profileDir);
    const clusterFloorFigures = clusterFloorRun?.figures ?? null;
    const floorFigures = floorRun?.figures ?? null;
    const floorCapacity = floorRun?.capacity ?? null;
    const durableFigures = durableRun?.figures ?? null;

    fs.mkdirSync(args.outDir, { recursive: true });
    const file = path.join(args.outDir, `${name}.json`);
    const common = {
      benchmark: 'realtime',
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: machine(loadAtStart),
      options: { ...args, outDir: undefined },
    };
    const rows =
      single === null
        ? null
        : figureRows({
            requested: args.players,
            limitedBy: single.capacity.limitedBy,
            marquee: single.figures,
            floor: floorFigures,
            durableFloor: durableFigures,
          });

    if (nodes === null) {
      const marquee = main;
      const result = {
        ...common,
        players: {
          requested: args.players,
          seeded: marquee.seeded.players.length,
          attempted: {
            marquee: marquee.capacity.target,
            floor: floorCapacity?.target ?? null,
            durableFloor: durableRun?.capacity.target ?? null,
          },
          connected: {
            marquee: marquee.figures.players.connected,
            floor: floorFigures?.players.connected ?? null,
            durableFloor: durableFigures?.players.connected ?? null,
          },
          limitedBy: marquee.capacity.limitedBy,
        },
        seeding: seeding(marquee),
        method: METHOD,
        budgets: BUDGETS,
        figures: rows,
        schedules: scheduleRows(marquee.figures, args.players),
        costs: {
          marquee: operationCosts(marquee.figures),
          floor: floorFigures === null ? null : operationCosts(floorFigures),
          durableFloor: durableFigures === null ? null : operationCosts(durableFigures),
        },
        marquee: marquee.figures,
        floor: floorFigures,
        durableFloor: durableFigures,
      };
      fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log(
        `\nMarquee realtime benchmark: ${args.players.toLocaleString('en')} players requested, ` +
          `${marquee.figures.players.connected.toLocaleString('en')} listening; seeding ${marquee.seeded.seconds.toFixed(1)} s; ` +
          `${loadLine(loadAtStart)}\n`,
      );
      console.log(formatTable(rows ?? []));
      printSchedules(marquee, args);
      console.log(`\n${formatCosts([marquee.figures, floorFigures, durableFigures])}`);
    } else {
      const comparison = comparisonRows({
        requested: args.players,
        nodeCount: args.nodes,
        limitedBy: nodes.capacity.limitedBy,
        single: single?.figures ?? null,
        nodes: nodes.figures,
        floor: floorFigures,
        durableFloor: durableFigures,
        clusterFloor: clusterFloorFigures,
      });
      const result = {
        ...common,
        nodes: args.nodes,
        players: {
          requested: args.players,
          seeded: { marquee: single?.seeded.players.length ?? null, cluster: nodes.seeded.players.length },
          attempted: {
            marquee: single?.capacity.target ?? null,
            cluster: nodes.capacity.target,
            floor: floorCapacity?.target ?? null,
            durableFloor: durableRun?.capacity.target ?? null,
            clusterFloor: clusterFloorRun?.capacity.target ?? null,
          },
          connected: {
            marquee: single?.figures.players.connected ?? null,
            cluster: nodes.figures.players.connected,
            perNode: nodes.figures.nodes.map((node) => node.players),
            floor: floorFigures?.players.connected ?? null,
            durableFloor: durableFigures?.players.connected ?? null,
            clusterFloor: clusterFloorFigures?.players.connected ?? null,
          },
          limitedBy: { marquee: single?.capacity.limitedBy ?? null, cluster: nodes.capacity.limitedBy },
        },
        seeding: { marquee: single === null ? null : seeding(single), cluster: seeding(nodes) },
        services: nodes.services ?? null,
        clusterFloorServices: clusterFloorRun?.services ?? null,
        method: { ...METHOD, nodes: NODES_METHOD },
        budgets: BUDGETS,
        figures: rows,
        comparison,
        schedules: {
          marquee: single === null ? null : scheduleRows(single.figures, args.players),
          cluster: scheduleRows(nodes.figures, args.players),
        },
        largestNode: largestNode(nodes.figures),
        costs: {
          marquee: single === null ? null : operationCosts(single.figures),
          cluster: operationCosts(nodes.figures),
          floor: floorFigures === null ? null : operationCosts(floorFigures),
          durableFloor: durableFigures === null ? null : operationCosts(durableFigures),
          clusterFloor: clusterFloorFigures === null ? null : operationCosts(clusterFloorFigures),
        },
        marquee: single?.figures ?? null,
        cluster: nodes.figures,
        floor: floorFigures,
        durableFloor: durableFigures,
        clusterFloor: clusterFloorFigures,
      };
      fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
      const listening = (run: MarqueeRun) => run.figures.players.connected.toLocaleString('en');
      console.log(
        `\nMarquee realtime benchmark: ${args.players.toLocaleString('en')} players requested; ` +
          (single === null
            ? ''
            : `single node (SQLite) ${listening(single)} listening, seeding ${single.seeded.seconds.toFixed(1)} s; `) +
          `${args.nodes} nodes (PostgreSQL + Redis) ${listening(nodes)} listening ` +
          `(${nodes.figures.nodes.map((node) => node.players.toLocaleString('en')).join(' + ')}), ` +
          `seeding ${nodes.seeded.seconds.toFixed(1)} s; ${loadLine(loadAtStart)}\n`,
      );
      if (rows !== null) {
        console.log(`Single node (SQLite)${floorFigures === null ? '' : ' beside the floors'}:\n`);
        console.log(`${formatTable(rows)}\n`);
      }
      console.log(`${args.nodes} nodes (PostgreSQL + Redis) beside the single node (SQLite):\n`);
      console.log(
        formatComparisonTable(comparison, {
          nodeCount: args.nodes,
          floor: floorFigures !== null,
          clusterFloor: clusterFloorFigures !== null,
        }),
      );
      if (single !== null) printSchedules(single, args, 'single node (SQLite)');
      printSchedules(nodes, args, `${args.nodes} nodes (PostgreSQL + Redis)`);
      console.log(
        `\n${formatCosts([single?.figures ?? null, nodes.figures, floorFigures, durableFigures, clusterFloorFigures])}`,
      );
      const counted = [nodes.figures, clusterFloorFigures].flatMap((figures) =>
        figures?.statements == null
          ? []
          : [formatPhaseStatements(figures.kind, figures.statements, statementUnits(figures, args))],
      );
      if (counted.length > 0) {
        console.log(
          `\nPostgreSQL's statements per phase (pg_stat_statements; rows per statement, time executing):`,
        );
        console.log(counted.flat().join('\n'));
      }
    }
    if (profileDir !== null)
      console.log(`\nProfiled run (figures include the profiler's cost): ${profileDir}`);
    console.log(`\nJSON: ${file}`);
    return file;
  } finally {
    killAllChildren();
    if (args.keepData) log(`data kept in ${dataDir}`);
    removeData();
    process.off('exit', removeData);
  }
}

killChildrenOnExit();
let args: BenchArgs;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ArgsError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
run(args).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      'realtime benchmark failed:',
      error instanceof Error ? (error.stack ?? error.message) : error,
    );
    killAllChildren();
    process.exit(1);
  },
);
