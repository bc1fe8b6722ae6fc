// Imported first (node --import) into each measured server process, the Marquee server as the floor: what the driver
// may ask of it over IPC. `memory` answers the process's memory after a full garbage collection (the process runs
// with --expose-gc), so that before and after samples compare live data, not garbage not yet collected. With
// --profile, `profileStart`/`profileStop` record a CPU profile and an allocation profile of one phase (V8's sampling
// profilers through node:inspector) and `heapSnapshot` writes one. `phaseStart`/`phaseStop` measure how long the event loop was
// blocked during a phase and the garbage collector's pauses, which explain latency tails, and a timeline of the
// phase: per slice, how busy the event loop was and how many connections it accepted and closed. The server's own
// code is unchanged. Exits with the driver.

import diagnosticsChannel from 'node:diagnostics_channel';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import type { Socket } from 'node:net';
import path from 'node:path';
import {
  PerformanceObserver,
  constants,
  monitorEventLoopDelay,
  type IntervalHistogram,
} from 'node:perf_hooks';
import v8 from 'node:v8';
import { serveRpc } from './rpc';

/** How long the event loop could not run a timer during a phase, and the garbage collector's pauses. */
export interface LoopStats {
  /** Event-loop delay in ms (sampled every 10 ms). */
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  gcPauses: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Full (mark-sweep-compact) collections among the pauses. */
  gcMajor: number;
  /** The phase in slices of TIMELINE_SLICE_MS, in order. */
  timeline: TimelineSample[];
}

/** What the server did in one slice of a phase. */
export interface TimelineSample {
  /** End of the slice, ms since the phase started. */
  atMs: number;
  /** Event-loop utilisation in the slice, 0–1 (the share of time it was not waiting for I/O). */
  busy: number;
  /** TCP connections accepted by the process's servers, and such sockets closed. */
  accepted: number;
  closed: number;
  gcMs: number;
}

/** Slices of a phase's timeline (a reconnect storm is decided in its first seconds). */
export const TIMELINE_SLICE_MS = 250;

export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('start the process with --expose-gc');
  // Twice: the first pass can leave finalizer-held objects for the second.
  gc();
  gc();
}

export function sampleMemory(): MemorySample {
  collectGarbage();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external, arrayBuffers };
}

let session: Session | null = null;
/** Mean bytes between two sampled allocations (V8's default is 32 KiB). */
const ALLOCATION_SAMPLING_BYTES = 8192;

function post<T>(method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session?.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

async function profileStart(): Promise<void> {
  if (session === null) {
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    // 250 µs: enough samples in a phase of a few seconds to see what costs a tenth of a millisecond.
    await post('Profiler.setSamplingInterval', { interval: 250 });
    await post('HeapProfiler.enable');
  }
  await post('Profiler.start');
  // Every allocation sampled, also those collected since: what the collector has to deal with, not what survives.
  await post('HeapProfiler.startSampling', {
    samplingInterval: ALLOCATION_SAMPLING_BYTES,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}

/**
 * Stops the profiles and writes them: the CPU profile to `file` (a .cpuprofile) and the allocations beside it (the
 * same name ending in .heapprofile), both readable by Chrome DevTools.
 */
async function profileStop(params: { file: string }): Promise<string> {
  const { profile } = await post<{ profile: object }>('Profiler.stop');
  const allocations = await post<{ profile: object }>('HeapProfiler.stopSampling');
  fs.mkdirSync(path.dirname(params.file), { recursive: true });
  fs.writeFileSync(params.file, JSON.stringify(profile));
  fs.writeFileSync(params.file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(allocations.profile));
  return params.file;
}

function heapSnapshot(params: { file: string }): string {
  fs.mkdirSync(path.dirname(params.file), { recursive: true });
  return v8.writeHeapSnapshot(params.file);
}

// Every connection accepted by a server of this process, and its close: the timeline's counts.
let accepted = 0;
let closed = 0;
diagnosticsChannel.subscribe('net.server.socket', (message) => {
  accepted++;
  (message as { socket: Socket }).socket.once('close', () => closed++);
});

let timeline: TimelineSample[] = [];
let timelineTimer: NodeJS.Timeout | null = null;
let gcSliceMs = 0;

function startTimeline(): void {
  if (timelineTimer !== null) clearInterval(timelineTimer);
  timeline = [];
  const startedAt = performance.now();
  let utilisation = performance.eventLoopUtilization();
  let counts = { accepted, closed };
  gcSliceMs = 0;
  timelineTimer = setInterval(() => {
    const slice = performance.eventLoopUtilization(utilisation);
    utilisation = performance.eventLoopUtilization();
    timeline.push({
      atMs: Math.round(performance.now() - startedAt),
      busy: slice.utilization,
      accepted: accepted - counts.accepted,
      closed: closed - counts.closed,
      gcMs: gcSliceMs,
    });
    counts = { accepted, closed };
    gcSliceMs = 0;
  }, TIMELINE_SLICE_MS);
  timelineTimer.unref();
}

let histogram: IntervalHistogram | null = null;
let gcObserver: PerformanceObserver | null = null;
let gcDurations: number[] = [];
let gcMajor = 0;

function phaseStart(): void {
  histogram?.disable();
  gcObserver?.disconnect();
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  gcDurations = [];
  gcMajor = 0;
  gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcDurations.push(entry.duration);
      gcSliceMs += entry.duration;
      const detail = (entry as { detail?: { kind?: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcMajor++;
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  startTimeline();
}

/** Event-loop samples a phase's statistics need at least (a short phase on a busy machine may have none yet). */
const MIN_LOOP_SAMPLES = 3;
/** Longest wait for them: a process starved of CPU takes its samples late. */
const SAMPLE_WAIT_MS = 2000;

async function phaseStop(): Promise<LoopStats> {
  const current = histogram;
  if (current === null) throw new Error('phaseStart first');
  const deadline = performance.now() + SAMPLE_WAIT_MS;
  while (current.count < MIN_LOOP_SAMPLES && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  current.disable();
  gcObserver?.disconnect();
  if (timelineTimer !== null) clearInterval(timelineTimer);
  timelineTimer = null;
  const ms = (ns: number) => ns / 1e6;
  const stats: LoopStats = {
    delayP50Ms: ms(current.percentile(50)),
    delayP99Ms: ms(current.percentile(99)),
    delayMaxMs: ms(current.max),
    gcPauses: gcDurations.length,
    gcTotalMs: gcDurations.reduce((sum, duration) => sum + duration, 0),
    gcMaxMs: Math.max(0, ...gcDurations),
    gcMajor,
    timeline,
  };
  histogram = null;
  gcObserver = null;
  return stats;
}

export const probeHandlers = {
  phaseStart,
  phaseStop,
  memory: () => sampleMemory(),
  profileStart,
  profileStop,
  heapSnapshot,
};

// Only as a preload of a child of the driver (the floor server calls serveRpc itself, with more handlers).
if (process.env.MARQUEE_BENCH_PROBE === '1') serveRpc(probeHandlers);
