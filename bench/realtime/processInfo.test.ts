import { describe, expect, it } from 'vitest';
import {
  clusterCapacity,
  connectionCapacity,
  cpuSeconds,
  openFileCount,
  mainThreadSchedule,
  openFileLimit,
  listenOverflows,
  parseCpuSeconds,
  serviceCpuSeconds,
  parseListenOverflows,
  parseOpenFileLimit,
  parseSchedstat,
  residentBytes,
  roundRobinShare,
} from './processInfo';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             95461                95461                processes
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('parseOpenFileLimit', () => {
  it('reads the soft and hard open-files limit', () => {
    expect(parseOpenFileLimit(LIMITS)).toEqual({ soft: 20000, hard: 20000 });
  });

  it('reads unlimited as Infinity and refuses a text without the line', () => {
    expect(
      parseOpenFileLimit('Max open files            unlimited            unlimited            files'),
    ).toEqual({
      soft: Infinity,
      hard: Infinity,
    });
    expect(() => parseOpenFileLimit('Max processes 1 1 processes')).toThrow('no "Max open files" line');
  });
});

describe('connectionCapacity', () => {
  const limit = { soft: 20000, hard: 20000 };

  it('keeps the requested count when the limit leaves room for it', () => {
    expect(connectionCapacity({ requested: 19900, limit, openBefore: 36, reserve: 64 })).toEqual({
      requested: 19900,
      target: 19900,
      limitedBy: null,
    });
  });

  it('caps at the limit minus the open files and the reserve, and says why', () => {
    const capacity = connectionCapacity({ requested: 19901, limit, openBefore: 36, reserve: 64 });
    expect(capacity.target).toBe(19900);
    expect(capacity.limitedBy).toBe(
      'open-files limit of the server process: 20000 (hard 20000), 36 open before the players connected, ' +
        "64 kept for HTTP and the server's files",
    );
    expect(connectionCapacity({ requested: 50000, limit, openBefore: 19990, reserve: 64 }).target).toBe(0);
  });
});

describe('clusterCapacity', () => {
  const limit = { soft: 20000, hard: 20000 };
  const node = (requested: number, openBefore = 36) =>
    connectionCapacity({ requested, limit, openBefore, reserve: 64 });

  it('gives each node its round-robin share, the busiest one rounded up', () => {
    expect(roundRobinShare(20_000, 3)).toBe(6667);
    expect(roundRobinShare(6, 3)).toBe(2);
    expect(roundRobinShare(1, 8)).toBe(1);
  });

  it('keeps the requested count when every node has room for its share', () => {
    // 39,800 over 2 nodes: 19,900 each, just what each holds (one process alone could not).
    expect(clusterCapacity(39_800, [node(19_900), node(19_900)])).toEqual({
      requested: 39_800,
      target: 39_800,
      limitedBy: null,
    });
    expect(clusterCapacity(20_000, [node(6667), node(6667), node(6667)]).target).toBe(20_000);
  });

  it('sums the nodes up to the tightest one, each process having its own limit, and says why', () => {
    // 60,000 over 3 nodes: 20,000 each, one with 36 files open before (room 19,900), one with 236 (19,700).
    const capacity = clusterCapacity(60_000, [node(20_000), node(20_000, 236), node(20_000)]);
    expect(capacity.target).toBe(3 * 19_700);
    expect(capacity.limitedBy).toBe(
      '3 server processes × 19700 connections; open-files limit of the server process: 20000 (hard 20000), ' +
        "236 open before the players connected, 64 kept for HTTP and the server's files",
    );
  });
});

describe('parseCpuSeconds', () => {
  it('adds user and system ticks, also when the command name has spaces and parentheses', () => {
    const rest = 'R 1 1 1 0 -1 4194304 98 0 0 0 250 75 0 0 20 0 1 0 280427 3133440 413';
    expect(parseCpuSeconds(`42 (node) ${rest}`)).toBe(3.25);
    expect(parseCpuSeconds(`42 (a (b) c) ${rest}`)).toBe(3.25);
    expect(() => parseCpuSeconds('42 (x) R')).toThrow('not a /proc/{pid}/stat line');
  });

  it("adds the reaped children's ticks when asked (a PostgreSQL backend that ended is its postmaster's)", () => {
    const rest = 'S 1 1 1 0 -1 4194304 98 0 0 0 250 75 40 35 20 0 1 0 280427 3133440 413';
    expect(parseCpuSeconds(`7 (postgres) ${rest}`)).toBe(3.25);
    expect(parseCpuSeconds(`7 (postgres) ${rest}`, true)).toBe(4);
  });
});

describe('serviceCpuSeconds', () => {
  it('is the CPU of the processes listed, skipping those that ended', () => {
    const own = serviceCpuSeconds([process.pid]);
    expect(own).toBeGreaterThan(0);
    // 2^22 + 1 is above Linux's largest pid: never a process.
    const withGone = serviceCpuSeconds([process.pid, 2 ** 22 + 1]);
    expect(withGone).toBeGreaterThanOrEqual(own);
    expect(withGone - own).toBeLessThan(0.5);
    expect(serviceCpuSeconds([])).toBe(0);
  });
});

describe('parseSchedstat', () => {
  it('reads seconds running and waiting for a CPU', () => {
    expect(parseSchedstat('2500000000 750000000 42\n')).toEqual({ running: 2.5, waiting: 0.75 });
    expect(() => parseSchedstat('')).toThrow('not a schedstat line');
  });
});

describe('this process in /proc', () => {
  it('has a resident size, an open-files limit and open descriptors', () => {
    expect(residentBytes(process.pid)).toBeGreaterThan(1024 * 1024);
    expect(openFileLimit('self').soft).toBeGreaterThan(0);
    expect(openFileCount(process.pid)).toBeGreaterThanOrEqual(3);
    expect(cpuSeconds(process.pid)).toBeGreaterThan(0);
    expect(mainThreadSchedule(process.pid).running).toBeGreaterThan(0);
  });
});

describe('parseListenOverflows', () => {
  const NETSTAT =
    'TcpExt: SyncookiesSent SyncookiesRecv ListenOverflows ListenDrops\n' +
    'TcpExt: 10655 0 212100 212100\n' +
    'IpExt: InNoRoutes InTruncatedPkts\n' +
    'IpExt: 0 0\n';

  it("reads the kernel's count of connections refused for a full accept queue", () => {
    expect(parseListenOverflows(NETSTAT)).toBe(212100);
  });

  it('refuses a text without it', () => {
    expect(() => parseListenOverflows('IpExt: InNoRoutes\nIpExt: 0\n')).toThrow('ListenOverflows');
  });

  it("reads this machine's counter", () => {
    expect(listenOverflows()).toBeGreaterThanOrEqual(0);
  });
});
