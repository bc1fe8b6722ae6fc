// Command-line flags of `npm run bench:realtime`.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './childProcesses';

export interface BenchArgs {
  players: number;
  writeDurationMs: number;
  skipFloor: boolean;
  quick: boolean;
  commands: number;
  warmupCommands: number;
  httpConcurrency: number;
  writesInFlight: number;
  connectConcurrency: number;
  /** Client processes; null: one per PLAYERS_PER_CLIENT_PROCESS players. */
  clientProcesses: number | null;
  outDir: string;
  keepData: boolean;
  /** CPU and allocation profiles of the servers per phase and a heap snapshot of Marquee (slows the run; figures are marked). */
  profile: boolean;
  /** Server nodes; above 1, a run of that many nodes on PostgreSQL + Redis beside the single-node SQLite run. */
  nodes: number;
  /** With nodes > 1: measure the nodes only, not the single-node SQLite run as well. */
  skipSingle: boolean;
  /** The schedules phases on Marquee: a schedule change to a group of every screen, then a group edit. */
  schedules: boolean;
  /** With nodes > 1: PostgreSQL's statements per phase (pg_stat_statements), of the nodes and of the floor's. */
  statements: boolean;
}

export const MAX_NODES = 8;

export const USAGE = `Usage: npm run bench:realtime -- [options]
  --players N          players to seed and connect (default 20000; 200 with --quick)
  --duration S         seconds of the acknowledged-writes phase (default 15; 2 with --quick)
  --commands N         one-player commands measured (default 500; 100 with --quick)
  --skip-floor         measure Marquee only (no raw-ws floor, in memory, durable or of N nodes; no ratios)
  --nodes N            server nodes, 1 to 8 (default 1: one process on SQLite); above 1, N nodes on PostgreSQL +
                       Redis, measured beside the single-node SQLite run and judged against the floor's N nodes on
                       PostgreSQL + Redis
  --skip-single        with --nodes above 1: measure the nodes only, not the single-node SQLite run
  --schedules          also measure, on Marquee after the fleet-wide command: a schedule change to a group of every
                       screen (until every player's app/data has the new version) and a group edit recomputing every
                       member's timeline (server CPU, longest event-loop stall); players also listen to app/data
  --quick              200 players and short phases, to check the pipeline
  --http-concurrency N concurrent HTTP requests of the fleet-wide change (default 64)
  --writes-in-flight N writes outstanding over all players, at least one per player (default 2000)
  --connect-concurrency N connections opened at once over all client processes (default 256)
  --client-processes N processes holding the simulated players (default: one per 5000 players, at least 2)
  --statements         with --nodes above 1: PostgreSQL's statements in each phase (pg_stat_statements): how many
                       per player, and the kinds that took its time, of Marquee's nodes and of the floor's
  --profile            write CPU and allocation profiles of each phase and a heap snapshot of Marquee beside the
                       JSON (of the first node with --nodes)
  --out DIR            where the JSON goes (default bench/results)
  --keep-data          keep the temporary data folder (SQLite database and the nodes' shared folder)`;

export class ArgsError extends Error {}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ArgsError(`--${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(text)})`);
  }
  return value;
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        players: { type: 'string' },
        duration: { type: 'string' },
        commands: { type: 'string' },
        'skip-floor': { type: 'boolean', default: false },
        quick: { type: 'boolean', default: false },
        'http-concurrency': { type: 'string' },
        'writes-in-flight': { type: 'string' },
        'connect-concurrency': { type: 'string' },
        'client-processes': { type: 'string' },
        profile: { type: 'boolean', default: false },
        out: { type: 'string' },
        'keep-data': { type: 'boolean', default: false },
        nodes: { type: 'string' },
        'skip-single': { type: 'boolean', default: false },
        schedules: { type: 'boolean', default: false },
        statements: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new ArgsError((error as Error).message);
  }
  const quick = values.quick === true;
  // 15 s: a fleet's first second of writes (every player's first frame at once) runs far below the rate that follows
  // (docs/testing.md §Benchmarks); over 5 s, runs of the same three nodes spread from 8,200 to 11,700 a second.
  const seconds = values.duration === undefined ? (quick ? 2 : 15) : Number(values.duration);
  if (!Number.isFinite(seconds) || seconds < 0.5 || seconds > 600) {
    throw new ArgsError(
      `--duration must be a number of seconds from 0.5 to 600 (got ${JSON.stringify(values.duration)})`,
    );
  }
  const nodes = integer('nodes', values.nodes, 1, 1, MAX_NODES);
  const skipSingle = values['skip-single'] === true;
  if (skipSingle && nodes === 1) {
    throw new ArgsError('--skip-single needs --nodes 2 or more (the single-node run is then the only one)');
  }
  const statements = values.statements === true;
  if (statements && nodes === 1) {
    throw new ArgsError(
      '--statements needs --nodes 2 or more (it counts the statements of PostgreSQL, not SQLite)',
    );
  }
  return {
    players: integer('players', values.players, quick ? 200 : 20_000, 1, 200_000),
    writeDurationMs: Math.round(seconds * 1000),
    skipFloor: values['skip-floor'] === true,
    quick,
    commands: integer('commands', values.commands, quick ? 100 : 500, 1, 100_000),
    warmupCommands: quick ? 10 : 20,
    httpConcurrency: integer('http-concurrency', values['http-concurrency'], 64, 1, 1024),
    writesInFlight: integer('writes-in-flight', values['writes-in-flight'], 2000, 1, 1_000_000),
    connectConcurrency: integer('connect-concurrency', values['connect-concurrency'], 256, 1, 10_000),
    clientProcesses:
      values['client-processes'] === undefined
        ? null
        : integer('client-processes', values['client-processes'], 2, 1, 64),
    outDir: path.resolve(values.out ?? path.join(REPO_ROOT, 'bench', 'results')),
    keepData: values['keep-data'] === true,
    profile: values.profile === true,
    nodes,
    skipSingle,
    schedules: values.schedules === true,
    statements,
  };
}
