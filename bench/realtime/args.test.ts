import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgsError, parseBenchArgs } from './args';
import { REPO_ROOT } from './childProcesses';

describe('parseBenchArgs', () => {
  it('defaults to 20,000 players, 15 s of writes and 500 commands against Marquee and the floor', () => {
    const args = parseBenchArgs([]);
    expect(args).toMatchObject({
      players: 20_000,
      writeDurationMs: 15_000,
      commands: 500,
      skipFloor: false,
      quick: false,
      httpConcurrency: 64,
      writesInFlight: 2000,
      connectConcurrency: 256,
      clientProcesses: null,
      keepData: false,
      profile: false,
      nodes: 1,
      skipSingle: false,
      statements: false,
    });
    expect(args.outDir).toBe(path.join(REPO_ROOT, 'bench', 'results'));
  });

  it('makes --quick small and short, and lets --players override it', () => {
    expect(parseBenchArgs(['--quick'])).toMatchObject({ players: 200, writeDurationMs: 2000, commands: 100 });
    expect(parseBenchArgs(['--quick', '--players', '300']).players).toBe(300);
  });

  it('reads every flag', () => {
    const args = parseBenchArgs([
      '--players=50000',
      '--duration',
      '2.5',
      '--skip-floor',
      '--commands',
      '7',
      '--http-concurrency',
      '8',
      '--writes-in-flight',
      '10',
      '--connect-concurrency',
      '9',
      '--client-processes',
      '3',
      '--out',
      'tmp/x',
      '--keep-data',
      '--profile',
    ]);
    expect(args).toMatchObject({
      players: 50_000,
      writeDurationMs: 2500,
      skipFloor: true,
      commands: 7,
      httpConcurrency: 8,
      writesInFlight: 10,
      connectConcurrency: 9,
      clientProcesses: 3,
      outDir: path.resolve('tmp/x'),
      keepData: true,
      profile: true,
    });
  });

  it('refuses bad values and unknown flags with a message naming the flag', () => {
    expect(() => parseBenchArgs(['--players', '0'])).toThrow(
      new ArgsError('--players must be an integer from 1 to 200000 (got "0")'),
    );
    expect(() => parseBenchArgs(['--players', '1.5'])).toThrow('--players must be an integer');
    expect(() => parseBenchArgs(['--duration', '0.4'])).toThrow(
      '--duration must be a number of seconds from 0.5 to 600 (got "0.4")',
    );
    expect(() => parseBenchArgs(['--frobnicate'])).toThrow(ArgsError);
  });

  it('reads --nodes from 1 to 8 and --skip-single with more than one node', () => {
    expect(parseBenchArgs(['--nodes', '3'])).toMatchObject({ nodes: 3, skipSingle: false, players: 20_000 });
    expect(parseBenchArgs(['--quick', '--nodes=8', '--skip-single'])).toMatchObject({
      nodes: 8,
      skipSingle: true,
      players: 200,
    });
    expect(parseBenchArgs(['--nodes', '1']).nodes).toBe(1);
  });

  it('refuses a node count outside 1 to 8, and --skip-single on one node', () => {
    expect(() => parseBenchArgs(['--nodes', '0'])).toThrow(
      new ArgsError('--nodes must be an integer from 1 to 8 (got "0")'),
    );
    expect(() => parseBenchArgs(['--nodes', '9'])).toThrow(
      '--nodes must be an integer from 1 to 8 (got "9")',
    );
    expect(() => parseBenchArgs(['--nodes', 'three'])).toThrow('--nodes must be an integer');
    expect(() => parseBenchArgs(['--nodes'])).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--skip-single'])).toThrow(
      new ArgsError('--skip-single needs --nodes 2 or more (the single-node run is then the only one)'),
    );
  });

  it('counts statements only where there is PostgreSQL: --statements with more than one node', () => {
    expect(parseBenchArgs(['--nodes', '3', '--statements']).statements).toBe(true);
    expect(() => parseBenchArgs(['--statements'])).toThrow(
      new ArgsError(
        '--statements needs --nodes 2 or more (it counts the statements of PostgreSQL, not SQLite)',
      ),
    );
  });
});
