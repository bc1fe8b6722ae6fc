// A process of simulated players (started by the driver, one of several: each process has its own table of open
// files). Each player speaks the realtime wire protocol directly with `ws`, as packages/realtime does in a browser
// but without its offline copy and reconnects (too heavy for tens of thousands of players in a few processes):
// one socket from one of the given 127.0.0.x source addresses to its server node, `auth` with its ID token, `listen` on
// players/{id}/action_flags (and, for --schedules, players/{id}/app/data), then idle, noting when each command value
// and each app/data version arrives. On request the players write their
// own settings with a window of outstanding writes and count the acknowledgements. For the reconnect storm
// (stormClient.ts, which sees every frame first), they set up their presence, then drop and come back.

import WebSocket from 'ws';
import {
  COMMAND_FLAG,
  dataPathOf,
  listenPathOf,
  preciseNow,
  writePathOf,
  type CollectResult,
  type Collected,
  type ConnectParams,
  type ConnectResult,
  type ConnectingPlayer,
  type PlayerStatus,
  type PresenceParams,
  type StormParams,
  type ValueArrival,
  type WriteParams,
  type WriteResult,
} from './playerMessages';
import { addToSample } from './stats';
import { serveRpc } from './rpc';
import {
  checkStorm,
  preparePresence,
  presenceFrame,
  storm,
  type Frame,
  type Presence,
  type StormHooks,
} from './stormClient';

const AUTH_REQUEST = 1;
const LISTEN_REQUEST = 2;
const LISTEN_DATA_REQUEST = 3;
/** Distinct failure messages kept; the rest are counted under 'other'. */
const MAX_ERROR_KINDS = 8;
/** Write latencies kept per process (reservoir sample). */
const LATENCY_SAMPLE = 2000;
/** Longest wait for the sockets to close before they are terminated. */
const CLOSE_TIMEOUT_MS = 5000;

type Phase = 'auth' | 'listen' | 'ready' | 'closed';

interface Slot {
  credentials: ConnectingPlayer;
  socket: WebSocket | null;
  phase: Phase;
  nextRequest: number;
  /** The latest command value seen by the listener, and when. */
  lastValue: number;
  lastAt: number;
  /** The latest app/data version seen, and when (with listenAppData). */
  lastVersion: number;
  lastVersionAt: number;
  /** Listens not answered yet. */
  listensPending: number;
  /** Settles the connection attempt in progress. */
  settle: ((error: string | null) => void) | null;
  /** Outstanding writes: request id → when it was sent. */
  writes: Map<number, number> | null;
  /** The player's presence, once set up for the storm. */
  presence: Presence | null;
}

interface WriteRun {
  end: number;
  outstanding: number;
  result: WriteResult;
  seen: number;
  done: (() => void) | null;
}

let slots: Slot[] = [];
let listenAppData = false;
let streaming = false;
let closing = false;
let dropped = 0;
const droppedBy: Record<string, number> = {};

/** A listening player's socket closed by the other side: counted, with its code and reason. */
function countDrop(code: number, reason: Buffer): void {
  dropped++;
  countError(droppedBy, `${code} ${reason.toString()}`.trim());
}
let writeRun: WriteRun | null = null;

const emit = serveRpc({
  connect: (params: ConnectParams) => connectAll(params),
  stream: (params: { on: boolean }) => {
    streaming = params.on;
  },
  collect: (params: { value: number; what?: Collected }) => collect(params.value, params.what ?? 'command'),
  write: (params: WriteParams) => writeAll(params),
  status: (): PlayerStatus => ({
    ready: slots.filter((slot) => slot.phase === 'ready').length,
    dropped,
    droppedBy,
  }),
  presence: (params: PresenceParams) => preparePresence(slots, params),
  storm: (params: StormParams) => storm(slots, params, stormHooks),
  stormCheck: () => checkStorm(),
  close: () => closeAll(),
});

const stormHooks: StormHooks = {
  route: (slot, data) => onFrame(slot as Slot, data),
  closing: () => closing,
  dropped: (code, reason) => countDrop(code, reason),
};

function countError(errors: Record<string, number>, message: string): void {
  const known = message in errors || Object.keys(errors).length < MAX_ERROR_KINDS;
  const key = known ? message : 'other';
  errors[key] = (errors[key] ?? 0) + 1;
}

function onFrame(slot: Slot, data: WebSocket.RawData): void {
  let message: Frame;
  try {
    message = JSON.parse(data.toString()) as Frame;
  } catch {
    return;
  }
  if (presenceFrame(slot, message)) return;
  if (message.t === 'v') {
    if (message.path === dataPathOf(slot.credentials.playerId)) {
      const version = (message.value as Record<string, unknown> | null)?.['version'];
      if (typeof version !== 'number') return;
      slot.lastVersion = version;
      slot.lastVersionAt = preciseNow();
      return;
    }
    const value = (message.value as Record<string, unknown> | null)?.[COMMAND_FLAG];
    if (typeof value !== 'number') return;
    slot.lastValue = value;
    slot.lastAt = preciseNow();
    if (streaming) {
      emit('arrival', { playerId: slot.credentials.playerId, value, at: slot.lastAt } satisfies ValueArrival);
    }
    return;
  }
  const r = message.r;
  if (r === undefined) return;
  if (slot.phase === 'auth' && r === AUTH_REQUEST) {
    if (!message.ok) {
      slot.settle?.(`auth refused: ${message.code}`);
      return;
    }
    slot.phase = 'listen';
    const path = listenPathOf(slot.credentials.playerId);
    slot.socket?.send(JSON.stringify({ r: LISTEN_REQUEST, t: 'listen', path }));
    slot.listensPending = 1;
    if (listenAppData) {
      const data = dataPathOf(slot.credentials.playerId);
      slot.socket?.send(JSON.stringify({ r: LISTEN_DATA_REQUEST, t: 'listen', path: data }));
      slot.listensPending = 2;
    }
    return;
  }
  if (slot.phase === 'listen' && (r === LISTEN_REQUEST || r === LISTEN_DATA_REQUEST)) {
    if (!message.ok) {
      slot.settle?.(`listen refused: ${message.code}`);
      return;
    }
    if (--slot.listensPending > 0) return;
    slot.phase = 'ready';
    slot.settle?.(null);
    return;
  }
  const sentAt = slot.writes?.get(r);
  if (sentAt !== undefined)
    onWriteAnswer(slot, r, sentAt, message.ok === true ? null : (message.code ?? 'unknown'));
}

/** One attempt to open, authenticate and listen; resolves with null when listening, else the reason. */
function attempt(slot: Slot, params: ConnectParams, localAddress: string): Promise<string | null> {
  return new Promise((resolve) => {
    const url = params.urls[slot.credentials.node];
    if (url === undefined) {
      resolve(`no server node ${slot.credentials.node}`);
      return;
    }
    const socket = new WebSocket(url, {
      localAddress,
      perMessageDeflate: false,
      handshakeTimeout: params.attemptTimeoutMs,
    });
    const timer = setTimeout(
      () => settle(`no answer within ${params.attemptTimeoutMs} ms`),
      params.attemptTimeoutMs,
    );
    const settle = (error: string | null) => {
      if (slot.settle !== settle) return;
      slot.settle = null;
      clearTimeout(timer);
      if (error !== null) {
        slot.phase = 'closed';
        socket.terminate();
      }
      resolve(error);
    };
    slot.socket = socket;
    slot.phase = 'auth';
    slot.settle = settle;
    socket.on('open', () =>
      socket.send(JSON.stringify({ r: AUTH_REQUEST, t: 'auth', token: slot.credentials.idToken })),
    );
    socket.on('message', (data) => onFrame(slot, data));
    socket.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    socket.on('close', (code, reason) => {
      if (slot.settle === settle) {
        settle(`closed with ${code} before listening`);
        return;
      }
      if (slot.socket !== socket) return;
      if (slot.phase === 'ready' && !closing) countDrop(code, reason);
      slot.phase = 'closed';
    });
  });
}

async function connectAll(params: ConnectParams): Promise<ConnectResult> {
  listenAppData = params.listenAppData;
  slots = params.players.map((credentials) => ({
    credentials,
    socket: null,
    phase: 'closed',
    nextRequest: LISTEN_DATA_REQUEST + 1,
    lastValue: Number.NaN,
    lastAt: 0,
    lastVersion: Number.NaN,
    lastVersionAt: 0,
    listensPending: 0,
    settle: null,
    writes: null,
    presence: null,
  }));
  const result: ConnectResult = { ready: 0, failed: 0, errors: {}, lastReadyAt: 0, failedPlayerIds: [] };
  let next = 0;
  const worker = async () => {
    while (next < slots.length) {
      const index = next++;
      const slot = slots[index] as Slot;
      const address = params.localAddresses[index % params.localAddresses.length] as string;
      let error: string | null = 'not tried';
      for (let tried = 0; tried < params.attempts && error !== null; tried++) {
        if (tried > 0) await new Promise((resolve) => setTimeout(resolve, 250 * tried));
        error = await attempt(slot, params, address);
      }
      if (error === null) {
        result.ready++;
        result.lastReadyAt = preciseNow();
      } else {
        result.failed++;
        result.failedPlayerIds.push(slot.credentials.playerId);
        countError(result.errors, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, params.concurrency) }, worker));
  return result;
}

/** The players whose latest command is `value`, or whose app/data version has reached `value`. */
function collect(value: number, what: Collected): CollectResult {
  const result: CollectResult = { received: 0, firstAt: Infinity, lastAt: 0 };
  for (const slot of slots) {
    const reached = what === 'command' ? slot.lastValue === value : slot.lastVersion >= value;
    if (!reached) continue;
    const at = what === 'command' ? slot.lastAt : slot.lastVersionAt;
    result.received++;
    result.firstAt = Math.min(result.firstAt, at);
    result.lastAt = Math.max(result.lastAt, at);
  }
  return result;
}

function sendWrite(slot: Slot, run: WriteRun): void {
  if (slot.phase !== 'ready' || slot.socket === null || preciseNow() >= run.end) return;
  const r = slot.nextRequest++;
  slot.writes ??= new Map();
  slot.writes.set(r, preciseNow());
  run.outstanding++;
  slot.socket.send(
    JSON.stringify({ r, t: 'set', path: writePathOf(slot.credentials.playerId), value: `Bench ${r}` }),
  );
}

function onWriteAnswer(slot: Slot, r: number, sentAt: number, refusal: string | null): void {
  slot.writes?.delete(r);
  const run = writeRun;
  if (run === null) return;
  run.outstanding--;
  const at = preciseNow();
  if (refusal !== null) {
    countError(run.result.errors, refusal);
  } else if (at <= run.end) {
    run.result.acked++;
    // Every answered write has the same chance to be in the sample.
    addToSample(run.result.latencySample, LATENCY_SAMPLE, ++run.seen, at - sentAt);
  } else {
    run.result.ackedLate++;
  }
  sendWrite(slot, run);
  if (run.outstanding === 0 && at >= run.end) run.done?.();
}

async function writeAll(params: WriteParams): Promise<WriteResult> {
  const writers = slots.filter((slot) => slot.phase === 'ready');
  const run: WriteRun = {
    end: preciseNow() + params.durationMs,
    outstanding: 0,
    result: { writers: writers.length, acked: 0, ackedLate: 0, errors: {}, latencySample: [] },
    seen: 0,
    done: null,
  };
  writeRun = run;
  for (let k = 0; k < params.window; k++) for (const slot of writers) sendWrite(slot, run);
  await new Promise((resolve) => setTimeout(resolve, params.durationMs));
  if (run.outstanding > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, params.drainTimeoutMs);
      run.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  if (run.outstanding > 0) run.result.errors.unanswered = run.outstanding;
  writeRun = null;
  for (const slot of writers) slot.writes = null;
  return run.result;
}

async function closeAll(): Promise<void> {
  closing = true;
  const open = slots.flatMap((slot) =>
    slot.socket !== null && slot.phase !== 'closed' ? [slot.socket] : [],
  );
  const closed = open.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) resolve();
        else socket.once('close', () => resolve());
      }),
  );
  for (const socket of open) socket.close(1000, 'benchmark done');
  await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))]);
  for (const socket of open) socket.terminate();
}
