// What Linux says about a process (/proc): resident memory, the open-files limit and the files open now. The
// connections one server process can hold are bounded by its open-files limit (one descriptor per socket).

import fs from 'node:fs';

/** Resident set size in bytes (VmRSS of /proc/{pid}/status). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

export interface FileLimit {
  soft: number;
  hard: number;
}

/** Parses the "Max open files" line of a /proc/{pid}/limits text; Infinity for "unlimited". */
export function parseOpenFileLimit(limitsText: string): FileLimit {
  const match = /^Max open files\s+(\S+)\s+(\S+)\s+files/m.exec(limitsText);
  if (match === null) throw new Error('no "Max open files" line in the limits');
  const value = (text: string) => (text === 'unlimited' ? Infinity : Number(text));
  return { soft: value(match[1] as string), hard: value(match[2] as string) };
}

export function openFileLimit(pid: number | 'self'): FileLimit {
  return parseOpenFileLimit(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
}

/** Descriptors open in the process now. */
export function openFileCount(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

export interface Capacity {
  requested: number;
  /** Connections to make: the requested number, or fewer when the open-files limit does not allow them. */
  target: number;
  /** Why target < requested; null when it is not. */
  limitedBy: string | null;
}

/**
 * How many of `requested` connections a server process can hold: its soft open-files limit, minus the descriptors it
 * had open before any player connected, minus `reserve` for the benchmark's HTTP requests and the server's own files.
 */
export function connectionCapacity(options: {
  requested: number;
  limit: FileLimit;
  openBefore: number;
  reserve: number;
}): Capacity {
  const { requested, limit, openBefore, reserve } = options;
  const room = Math.max(0, Math.floor(limit.soft - openBefore - reserve));
  if (requested <= room) return { requested, target: requested, limitedBy: null };
  return {
    requested,
    target: room,
    limitedBy:
      `open-files limit of the server process: ${limit.soft} (hard ${limit.hard}), ` +
      `${openBefore} open before the players connected, ${reserve} kept for HTTP and the server's files`,
  };
}

/** Clock ticks per second of /proc/{pid}/stat times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Parses user + system CPU seconds from a /proc/{pid}/stat line (fields 14 and 15, after the command name); with
 * `reapedChildren`, also those of its children that ended and were waited for (fields 16 and 17).
 */
export function parseCpuSeconds(statText: string, reapedChildren = false): number {
  // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  const times = (reapedChildren ? fields.slice(11, 15) : fields.slice(11, 13)).map(Number);
  if (times.length < (reapedChildren ? 4 : 2) || !times.every(Number.isFinite)) {
    throw new Error('not a /proc/{pid}/stat line');
  }
  return times.reduce((sum, ticks) => sum + ticks, 0) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds (user + system, all threads) the process has used so far. */
export function cpuSeconds(pid: number): number {
  return parseCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU seconds used so far by a service's processes (`pids`, its parent first): the parent's counts those of its
 * children that ended, so a PostgreSQL backend that exits between two readings is still counted. A process gone
 * meanwhile counts for nothing.
 */
export function serviceCpuSeconds(pids: readonly number[]): number {
  let total = 0;
  pids.forEach((pid, index) => {
    try {
      total += parseCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), index === 0);
    } catch {
      // ended since it was listed
    }
  });
  return total;
}

export interface ThreadSchedule {
  /** Seconds the thread ran on a CPU. */
  running: number;
  /** Seconds it was ready to run but waited for a CPU (other processes had them). */
  waiting: number;
}

/** Parses /proc/{pid}/task/{tid}/schedstat: nanoseconds running, nanoseconds waiting on a run queue, slices. */
export function parseSchedstat(text: string): ThreadSchedule {
  const [running, waiting] = text.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(running) || !Number.isFinite(waiting)) throw new Error('not a schedstat line');
  return { running: (running as number) / 1e9, waiting: (waiting as number) / 1e9 };
}

/** The scheduling of a process's main thread (the event loop of a Node process). */
export function mainThreadSchedule(pid: number): ThreadSchedule {
  return parseSchedstat(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8'));
}

/** The share of `requested` players the busiest of `nodes` nodes gets when they are spread round-robin. */
export function roundRobinShare(requested: number, nodes: number): number {
  return Math.ceil(requested / nodes);
}

/**
 * How many of `requested` connections several server processes hold when players are spread over them round-robin,
 * from each one's capacity for its share (roundRobinShare): each process has its own open-files limit, so the
 * capacity is the sum of theirs, as far as an even spread fills them (every node as many as the tightest one).
 */
export function clusterCapacity(requested: number, nodes: readonly Capacity[]): Capacity {
  const limited = nodes.filter((node) => node.limitedBy !== null);
  if (limited.length === 0) return { requested, target: requested, limitedBy: null };
  const tightest = limited.reduce((least, node) => (node.target < least.target ? node : least));
  return {
    requested,
    target: Math.min(requested, tightest.target * nodes.length),
    limitedBy: `${nodes.length} server processes × ${tightest.target} connections; ${tightest.limitedBy}`,
  };
}

/**
 * The kernel's count of connections dropped because a listening socket's accept queue was full (TcpExt
 * ListenOverflows in a /proc/net/netstat text), over the machine's network namespace. Such a client's handshake is
 * retried by TCP after 1 s, 3 s, 7 s…: during a reconnect storm, it says whether the server took its new
 * connections as fast as they came.
 */
export function parseListenOverflows(netstatText: string): number {
  const lines = netstatText.split('\n').filter((line) => line.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/) ?? [];
  const values = lines[1]?.split(/\s+/) ?? [];
  const index = names.indexOf('ListenOverflows');
  if (index < 1 || values[index] === undefined)
    throw new Error('no TcpExt ListenOverflows in the netstat text');
  return Number(values[index]);
}

/** ListenOverflows now; null where /proc/net/netstat cannot be read. */
export function listenOverflows(): number | null {
  try {
    return parseListenOverflows(fs.readFileSync('/proc/net/netstat', 'utf8'));
  } catch {
    return null;
  }
}
