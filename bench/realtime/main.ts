// `npm run bench:realtime`: seeds the players into a temporary SQLite data folder, starts Marquee on it in its own
// process and measures it with simulated players in several client processes, then does the same against the
// raw-ws floor (floorServer.ts), prints the table and writes the JSON to bench/results. Progress goes to stderr,
// the table to stdout. Budgets are reported, never enforced: the exit code is 0 unless the benchmark itself failed.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ArgsError, USAGE, parseBenchArgs, type BenchArgs } from './args';
import { killAllChildren, killChildrenOnExit } from './childProcesses';
import { measureTarget, type MeasureOptions, type TargetFigures } from './measureTarget';
import { connectionCapacity, openFileCount, openFileLimit, type Capacity } from './processInfo';
import { BUDGETS, figureRows, formatCosts, formatTable, operationCosts } from './report';
import { seedPlayers } from './seed';
import { freePort, startFloor, startMarquee, type Target } from './targets';

/** Simulated players per client process (each process has its own open-files limit). */
const PLAYERS_PER_CLIENT_PROCESS = 5000;
/** Source addresses per client process: ~28k ephemeral ports each, far more than one process holds. */
const ADDRESSES_PER_PROCESS = 2;
/** Descriptors a server keeps free beyond the HTTP connections: its own files, health checks, stray sockets. */
const SERVER_FILE_RESERVE = 64;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const METHOD = {
  server:
    'apps/server/src/main.ts (npm start) on SQLite in a temporary data folder, MARQUEE_LOG_LEVEL=warn, one process',
  floor:
    'floorServer.ts: raw ws + node:http in one process; same frames (auth by reading the token subject, listen, set ' +
    'kept in memory), pushes the value event on POST /players/{id}/commands (POST /players/commands: to every ' +
    'listening player); no database, rules or keep-alive',
  players:
    'simulated players in several child processes (own open-files table each), 127.0.0.x source addresses, speaking ' +
    'the wire protocol directly with ws (not packages/realtime: too heavy for tens of thousands): auth with an ID ' +
    'token, listen players/{id}/action_flags, idle',
  seeding:
    'before the server starts, with its own modules: PlayerService.register, the rows and document update of ' +
    'pairing to a screen of one organisation, IdentityService.signInWithCustomToken; 500 players per transaction',
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
  writes:
    'every listening player sets players/{id}/settings/name over its socket, keeping its window of writes ' +
    'outstanding, for the duration; acknowledgements (ok answers) received within it, per second',
};

function clientProcessesFor(args: BenchArgs, players: number): number {
  return args.clientProcesses ?? Math.max(2, Math.ceil(players / PLAYERS_PER_CLIENT_PROCESS));
}

function capacityOf(target: Target, requested: number, args: BenchArgs): Capacity {
  const pid = target.process.pid;
  return connectionCapacity({
    requested,
    limit: openFileLimit(pid),
    openBefore: openFileCount(pid),
    reserve: args.httpConcurrency + SERVER_FILE_RESERVE,
  });
}

function measureOptions(args: BenchArgs, target: number, profileDir: string | null): MeasureOptions {
  return {
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
    const port = await freePort();
    log(`seeding ${args.players} players into ${dataDir}`);
    let reported = 0;
    const seeded = await seedPlayers({
      dataDir,
      count: args.players,
      publicUrl: `http://127.0.0.1:${port}`,
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

    const marquee = await startMarquee({ dataDir, port, operatorToken: seeded.operatorToken });
    const capacity = capacityOf(marquee, args.players, args);
    if (capacity.limitedBy !== null)
      log(`connecting ${capacity.target} of ${args.players}: ${capacity.limitedBy}`);
    let marqueeFigures: TargetFigures;
    try {
      marqueeFigures = await measureTarget(
        marquee,
        seeded.players,
        measureOptions(args, capacity.target, profileDir),
      );
    } finally {
      await marquee.stop();
    }

    let floorFigures: TargetFigures | null = null;
    let floorCapacity: Capacity | null = null;
    if (!args.skipFloor) {
      const floor = await startFloor();
      try {
        // The floor gets the same players as Marquee (fewer only if its own limit says so).
        floorCapacity = capacityOf(floor, capacity.target, args);
        floorFigures = await measureTarget(
          floor,
          seeded.players,
          measureOptions(args, floorCapacity.target, profileDir),
        );
      } finally {
        await floor.stop();
      }
    }

    const input = {
      requested: args.players,
      limitedBy: capacity.limitedBy,
      marquee: marqueeFigures,
      floor: floorFigures,
    };
    const rows = figureRows(input);
    const table = formatTable(rows);
    const result = {
      benchmark: 'realtime',
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryBytes: os.totalmem(),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        openFileLimit: openFileLimit('self'),
        // Other work on the machine takes CPUs from the processes measured (see cpu.*.serverMainThread).
        loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() },
      },
      options: { ...args, outDir: undefined },
      players: {
        requested: args.players,
        seeded: seeded.players.length,
        attempted: { marquee: capacity.target, floor: floorCapacity?.target ?? null },
        connected: {
          marquee: marqueeFigures.players.connected,
          floor: floorFigures?.players.connected ?? null,
        },
        limitedBy: capacity.limitedBy,
      },
      seeding: { seconds: seeded.seconds, playersPerSecond: args.players / seeded.seconds },
      method: METHOD,
      budgets: BUDGETS,
      figures: rows,
      costs: {
        marquee: operationCosts(marqueeFigures),
        floor: floorFigures === null ? null : operationCosts(floorFigures),
      },
      marquee: marqueeFigures,
      floor: floorFigures,
    };
    fs.mkdirSync(args.outDir, { recursive: true });
    const file = path.join(args.outDir, `${name}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `\nMarquee realtime benchmark: ${args.players.toLocaleString('en')} players requested, ` +
        `${marqueeFigures.players.connected.toLocaleString('en')} listening; seeding ${seeded.seconds.toFixed(1)} s; ` +
        `load average ${loadAtStart[0]?.toFixed(2)} at start, ${os.loadavg()[0]?.toFixed(2)} at end ` +
        `(${os.cpus().length} CPUs)\n`,
    );
    console.log(table);
    console.log(`\n${formatCosts([marqueeFigures, floorFigures])}`);
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
