// The reconnect storm in a player process (playerClient.ts holds the sockets and routes their frames here first).
// `preparePresence`: every listening player sets up its presence over its socket as the real player's presence does
// on connect (packages/realtime/src/presence.ts): listen to players/{id}/connection, cancel its onDisconnect
// actions there, write {connected: true, connected_at: server time, disconnected_at: null, id: connection id} and
// arm {connected: false, disconnected_at: server time, connected_at: null, id: null}.
// `storm`: at the given instant every socket is terminated at once (the server sees each close and runs each old
// connection's onDisconnect), and each player comes back after the real client's backoff with full jitter
// (packages/realtime/src/core/connection.ts #scheduleReconnect, through protocol's reconnectCeiling and
// reconnectDelay), restoring what the real client restores, in its order (packages/realtime/src/core/repo.ts
// #connectionChanged): its listens, its armed action, the offline record presence wrote while the socket was down,
// then presence's cancel, record and armed action, with a NEW connection id. A socket that fails, times out or is
// refused is replaced after the next backoff; a refused request (rate_limited, internal…) is sent again on the same
// socket after it. Every failure is counted by kind.
// `checkStorm`: whether each player listens again with its own presence, and whether an old connection's
// onDisconnect overwrote its new record (a later revision of the record that is not its own).

import crypto from 'node:crypto';
import WebSocket from 'ws';
import { SERVER_TIMESTAMP, reconnectCeiling, reconnectDelay, type ConnectionWrite } from '@marquee/protocol';
import {
  connectionPathOf,
  listenPathOf,
  preciseNow,
  type ConnectingPlayer,
  type PresenceParams,
  type PresenceResult,
  type StormCheck,
  type StormParams,
  type StormResult,
} from './playerMessages';
import { addToSample } from './stats';

/** Cap of the backoff exponent, as the real client's (connection.ts MAX_BACKOFF_EXPONENT). */
const MAX_BACKOFF_EXPONENT = 16;
/** Distinct failure kinds kept; the rest are counted under 'other'. */
const MAX_ERROR_KINDS = 12;
/** Attempt timings kept per process (reservoir samples). */
const TIMING_SAMPLE = 2000;
/** Presence value events kept per player (a storm brings three or four). */
const MAX_EVENTS = 32;

type Step = 'auth' | 'listenFlags' | 'listenConnection' | 'rearm' | 'offline' | 'cancel' | 'up' | 'arm';
const LISTENS = ['listenFlags', 'listenConnection'] as const satisfies readonly Step[];
const PRESENCE = ['cancel', 'up', 'arm'] as const satisfies readonly Step[];

/** What presence arms, and what it writes when the socket goes down (presence.ts). */
const DOWN = {
  connected: false,
  disconnected_at: SERVER_TIMESTAMP,
  connected_at: null,
  id: null,
} satisfies ConnectionWrite;
const up = (id: string) =>
  ({
    connected: true,
    connected_at: SERVER_TIMESTAMP,
    disconnected_at: null,
    id,
  }) satisfies ConnectionWrite;

/** A presence value event as it arrived. */
interface PresenceEvent {
  rev: number;
  at: number;
  /** Connected, with the player's current connection id. */
  own: boolean;
}

interface Pending {
  step: Step;
  socket: WebSocket;
  /** The presence round (cancel, record, arm) it belongs to. */
  round: number;
}

export interface Presence {
  connectionId: string;
  pending: Map<number, Pending>;
  round: number;
  /** Steps answered ok on the current socket (presence steps: in the current round). */
  answered: Set<Step>;
  /** The revision of the current connection's record (the `up` write's answer). */
  upRev: number | null;
  relistenedAt: number | null;
  armedAt: number | null;
  /** The prepare step failed for this player. */
  failed: boolean;
  offlineWritten: boolean;
  events: PresenceEvent[];
  /** The event of the highest revision. */
  latest: PresenceEvent | null;
  rateLimited: boolean;
  attempts: number;
  exponent: number;
  /** The wait before the next attempt, or before requests are sent again. */
  timer: NodeJS.Timeout | null;
  connectTimer: NodeJS.Timeout | null;
  /** What a refused request asks to send again. */
  retry: Set<'listenFlags' | 'listenConnection' | 'presence'>;
  /** When the current socket was made, and when it opened (preciseNow; 0: not yet). */
  attemptAt: number;
  openedAt: number;
}

/** What the storm needs of playerClient.ts's slot. */
export interface StormSlot {
  credentials: ConnectingPlayer;
  socket: WebSocket | null;
  phase: 'auth' | 'listen' | 'ready' | 'closed';
  nextRequest: number;
  presence: Presence | null;
}

export interface StormHooks {
  /** Handles a frame of a new socket as any other (playerClient.ts's onFrame). */
  route(slot: StormSlot, data: WebSocket.RawData): void;
  /** True once the process is closing its sockets: nothing reconnects then. */
  closing(): boolean;
  /** A new socket closed by the server after its player was back. */
  dropped(code: number, reason: Buffer): void;
}

/** A frame from the server, as far as the storm reads it. */
export interface Frame {
  t?: string;
  r?: number;
  ok?: boolean;
  code?: string;
  path?: string;
  value?: unknown;
  rev?: number;
  d?: unknown;
}

interface Run {
  kind: 'prepare' | 'storm';
  /** Attempts opened and authenticated so far, for the reservoir samples. */
  opened: number;
  authenticated: number;
  slots: StormSlot[];
  errors: Record<string, number>;
  /** Players complete (prepare: armed or failed; storm: listening and armed). */
  settled: number;
  result: StormResult;
  params: StormParams | null;
  hooks: StormHooks | null;
  finish: (() => void) | null;
}

let run: Run | null = null;
/** When a presence value event last arrived in this process (preciseNow; 0: none yet). */
let lastEventAt = 0;

const newConnectionId = () => crypto.randomBytes(16).toString('hex');

function countError(errors: Record<string, number>, kind: string): void {
  const key = kind in errors || Object.keys(errors).length < MAX_ERROR_KINDS ? kind : 'other';
  errors[key] = (errors[key] ?? 0) + 1;
}

function freshPresence(connectionId: string): Presence {
  return {
    connectionId,
    pending: new Map(),
    round: 0,
    answered: new Set(),
    upRev: null,
    relistenedAt: null,
    armedAt: null,
    failed: false,
    offlineWritten: false,
    events: [],
    latest: null,
    rateLimited: false,
    attempts: 0,
    exponent: 0,
    timer: null,
    connectTimer: null,
    retry: new Set(),
    attemptAt: 0,
    openedAt: 0,
  };
}

function send(slot: StormSlot, socket: WebSocket, step: Step, frame: Record<string, unknown>): void {
  const presence = slot.presence as Presence;
  const r = slot.nextRequest++;
  presence.pending.set(r, { step, socket, round: presence.round });
  socket.send(JSON.stringify({ r, ...frame }));
}

/** Presence's three requests on connect (presence.ts), as a new round. */
function sendPresence(slot: StormSlot, socket: WebSocket): void {
  const presence = slot.presence as Presence;
  const path = connectionPathOf(slot.credentials.playerId);
  presence.round++;
  for (const step of PRESENCE) presence.answered.delete(step);
  send(slot, socket, 'cancel', { t: 'od', action: 'cancel', path });
  send(slot, socket, 'up', { t: 'set', path, value: up(presence.connectionId) });
  send(slot, socket, 'arm', { t: 'od', action: 'set', path, value: DOWN });
}

const finished = (presence: Presence) => presence.relistenedAt !== null && presence.armedAt !== null;

function settle(current: Run): void {
  current.settled++;
  if (current.settled >= current.slots.length) current.finish?.();
}

/** Handles a presence event or an answer to one of the storm's requests; false for any other frame. */
export function presenceFrame(slot: StormSlot, message: Frame): boolean {
  const presence = slot.presence;
  if (presence === null) return false;
  if (message.t === 'v') {
    if (message.path !== connectionPathOf(slot.credentials.playerId)) return false;
    const value = message.value as { connected?: unknown; id?: unknown } | null;
    const event: PresenceEvent = {
      rev: typeof message.rev === 'number' ? message.rev : 0,
      at: preciseNow(),
      own: value?.connected === true && value.id === presence.connectionId,
    };
    if (presence.events.length < MAX_EVENTS) presence.events.push(event);
    if (presence.latest === null || event.rev >= presence.latest.rev) presence.latest = event;
    lastEventAt = event.at;
    return true;
  }
  if (message.r === undefined) return false;
  const request = presence.pending.get(message.r);
  if (request === undefined) return false;
  presence.pending.delete(message.r);
  // An answer on a socket since given up, or of a round since sent again, changes nothing.
  if (request.socket !== slot.socket || run === null) return true;
  if (message.ok === true) answered(slot, presence, request, message, run);
  else refused(slot, presence, request, message.code ?? 'unknown', run);
  return true;
}

function answered(slot: StormSlot, presence: Presence, request: Pending, message: Frame, current: Run): void {
  const { step, socket } = request;
  if (step === 'auth') {
    if (current.kind === 'storm') {
      addToSample(
        current.result.authSample,
        TIMING_SAMPLE,
        ++current.authenticated,
        preciseNow() - presence.openedAt,
      );
    }
    if (presence.connectTimer !== null) clearTimeout(presence.connectTimer);
    presence.connectTimer = null;
    slot.phase = 'listen';
    restore(slot, socket);
    return;
  }
  if ((PRESENCE as readonly Step[]).includes(step) && request.round !== presence.round) return;
  presence.answered.add(step);
  if (step === 'up') {
    const rev = (message.d as { rev?: unknown } | undefined)?.rev;
    presence.upRev = typeof rev === 'number' ? rev : null;
  }
  if (step === 'offline') presence.offlineWritten = true;
  const now = preciseNow();
  const listening = LISTENS.every((listen) => presence.answered.has(listen));
  const armed = PRESENCE.every((part) => presence.answered.has(part));
  if (current.kind === 'prepare') {
    if (armed && presence.answered.has('listenConnection') && presence.armedAt === null) {
      presence.armedAt = now;
      settle(current);
    }
    return;
  }
  const wasFinished = finished(presence);
  if (listening && slot.phase !== 'ready') {
    slot.phase = 'ready';
    if (presence.relistenedAt === null) {
      presence.relistenedAt = now;
      current.result.relistened++;
      current.result.lastRelistenedAt = Math.max(current.result.lastRelistenedAt, now);
    }
  }
  if (armed && presence.armedAt === null) {
    presence.armedAt = now;
    current.result.armed++;
    current.result.lastArmedAt = Math.max(current.result.lastArmedAt, now);
  }
  if (!wasFinished && finished(presence)) settle(current);
}

function refused(slot: StormSlot, presence: Presence, request: Pending, code: string, current: Run): void {
  const { step, socket } = request;
  if (code === 'rate_limited') {
    current.result.rateLimited++;
    if (!presence.rateLimited) {
      presence.rateLimited = true;
      current.result.rateLimitedPlayers++;
    }
  }
  if (current.kind === 'prepare') {
    countError(current.errors, `${step} refused: ${code}`);
    if (!presence.failed && presence.armedAt === null) {
      presence.failed = true;
      settle(current);
    }
    return;
  }
  if (step === 'auth') {
    fail(slot, socket, `auth refused: ${code}`);
    return;
  }
  countError(current.errors, `${step} refused: ${code}`);
  if (step === 'listenFlags' || step === 'listenConnection') presence.retry.add(step);
  else if ((PRESENCE as readonly Step[]).includes(step) && request.round === presence.round) {
    presence.retry.add('presence');
  } else return;
  // Sent again after the next backoff, on the same socket (a replaced socket restores everything anyway).
  if (presence.timer !== null) return;
  presence.timer = setTimeout(() => {
    presence.timer = null;
    if (slot.socket !== socket || socket.readyState !== WebSocket.OPEN) return;
    const path = listenPathOf(slot.credentials.playerId);
    if (presence.retry.has('listenFlags')) send(slot, socket, 'listenFlags', { t: 'listen', path });
    if (presence.retry.has('listenConnection')) {
      send(slot, socket, 'listenConnection', {
        t: 'listen',
        path: connectionPathOf(slot.credentials.playerId),
      });
    }
    if (presence.retry.has('presence')) sendPresence(slot, socket);
    presence.retry.clear();
  }, nextDelay(presence));
}

/** The wait before the next attempt: full jitter under a ceiling that doubles each time (connection.ts). */
function nextDelay(presence: Presence): number {
  const delay = reconnectDelay(reconnectCeiling(presence.exponent), Math.random());
  presence.exponent = Math.min(presence.exponent + 1, MAX_BACKOFF_EXPONENT);
  return delay;
}

/** After authentication, what the real client sends, in its order (repo.ts #connectionChanged, presence.ts). */
function restore(slot: StormSlot, socket: WebSocket): void {
  const presence = slot.presence as Presence;
  const path = connectionPathOf(slot.credentials.playerId);
  presence.answered.clear();
  presence.retry.clear();
  send(slot, socket, 'listenFlags', { t: 'listen', path: listenPathOf(slot.credentials.playerId) });
  send(slot, socket, 'listenConnection', { t: 'listen', path });
  // The armed action is sent again after every reconnect until cancelled (onDisconnectRegistry.ts).
  send(slot, socket, 'rearm', { t: 'od', action: 'set', path, value: DOWN });
  // The record presence wrote when the socket went down, queued until now (sent until answered).
  if (!presence.offlineWritten) send(slot, socket, 'offline', { t: 'set', path, value: DOWN });
  sendPresence(slot, socket);
}

/** Gives up the player's socket (counting why) and schedules the next attempt. */
function fail(slot: StormSlot, socket: WebSocket, kind: string): void {
  const current = run;
  const presence = slot.presence;
  if (slot.socket !== socket || presence === null || current === null) return;
  countError(current.errors, kind);
  if (presence.connectTimer !== null) clearTimeout(presence.connectTimer);
  presence.connectTimer = null;
  slot.socket = null;
  slot.phase = 'closed';
  socket.terminate();
  scheduleAttempt(slot, presence, current);
}

function scheduleAttempt(slot: StormSlot, presence: Presence, current: Run): void {
  if (presence.timer !== null) clearTimeout(presence.timer);
  presence.timer = setTimeout(() => {
    presence.timer = null;
    attempt(slot, presence, current);
  }, nextDelay(presence));
}

function attempt(slot: StormSlot, presence: Presence, current: Run): void {
  const params = current.params as StormParams;
  const hooks = current.hooks as StormHooks;
  if (hooks.closing() || run !== current) return;
  const url = params.urls[slot.credentials.node] as string;
  const address = params.localAddresses[presence.attempts % params.localAddresses.length] as string;
  presence.attempts++;
  current.result.attempts++;
  current.result.maxAttempts = Math.max(current.result.maxAttempts, presence.attempts);
  presence.attemptAt = preciseNow();
  const socket = new WebSocket(url, {
    localAddress: address,
    perMessageDeflate: false,
    handshakeTimeout: params.attemptTimeoutMs,
  });
  slot.socket = socket;
  slot.phase = 'auth';
  presence.answered.clear();
  presence.connectTimer = setTimeout(
    () => fail(slot, socket, `not open within ${params.attemptTimeoutMs} ms`),
    params.attemptTimeoutMs,
  );
  socket.on('open', () => {
    // Open: the node is setting the socket up; its authentication gets its own time from now (connection.ts).
    if (presence.connectTimer !== null) clearTimeout(presence.connectTimer);
    presence.connectTimer = setTimeout(
      () => fail(slot, socket, `not authenticated within ${params.authTimeoutMs} ms of the open`),
      params.authTimeoutMs,
    );
    presence.openedAt = preciseNow();
    addToSample(
      current.result.openSample,
      TIMING_SAMPLE,
      ++current.opened,
      presence.openedAt - presence.attemptAt,
    );
    send(slot, socket, 'auth', { t: 'auth', token: slot.credentials.idToken });
  });
  socket.on('message', (data) => hooks.route(slot, data));
  socket.on('error', (error: NodeJS.ErrnoException) => fail(slot, socket, error.code ?? error.message));
  socket.on('close', (code, reason) => {
    if (slot.socket !== socket || hooks.closing()) return;
    if (slot.phase === 'ready' && finished(presence)) hooks.dropped(code, reason);
    fail(slot, socket, `closed with ${code}`);
  });
}

function emptyResult(players: number): StormResult {
  return {
    players,
    droppedAt: 0,
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
  };
}

/** Every listening player sets up its presence over its socket; resolves when all are answered or at the limit. */
export async function preparePresence(
  slots: readonly StormSlot[],
  params: PresenceParams,
): Promise<PresenceResult> {
  const players = slots.filter((slot) => slot.phase === 'ready' && slot.socket !== null);
  const current: Run = {
    kind: 'prepare',
    opened: 0,
    authenticated: 0,
    slots: players,
    errors: {},
    settled: 0,
    result: emptyResult(players.length),
    params: null,
    hooks: null,
    finish: null,
  };
  run = current;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, params.timeoutMs);
    current.finish = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  for (const slot of players) {
    slot.presence = freshPresence(newConnectionId());
    const socket = slot.socket as WebSocket;
    send(slot, socket, 'listenConnection', {
      t: 'listen',
      path: connectionPathOf(slot.credentials.playerId),
    });
    sendPresence(slot, socket);
  }
  if (players.length === 0) current.finish?.();
  await done;
  let armed = 0;
  for (const slot of players) {
    const presence = slot.presence as Presence;
    if (presence.armedAt !== null) armed++;
    else if (!presence.failed) countError(current.errors, 'unanswered');
  }
  return { players: players.length, armed, errors: current.errors };
}

/**
 * At `params.dropAt`, terminates the socket of every player whose presence is armed, then brings each back as the
 * real client does; resolves when every one listens again with its new presence armed, or at the time limit (the
 * players not back keep trying until the process closes).
 */
export async function storm(
  slots: readonly StormSlot[],
  params: StormParams,
  hooks: StormHooks,
): Promise<StormResult> {
  const players = slots.filter(
    (slot) => slot.phase === 'ready' && slot.socket !== null && slot.presence?.armedAt != null,
  );
  const current: Run = {
    kind: 'storm',
    opened: 0,
    authenticated: 0,
    slots: players,
    errors: {},
    settled: 0,
    result: emptyResult(players.length),
    params,
    hooks,
    finish: null,
  };
  const wait = params.dropAt - preciseNow();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  run = current;
  // All at once: the network went away under every player.
  for (const slot of players) {
    const socket = slot.socket as WebSocket;
    slot.socket = null;
    slot.phase = 'closed';
    socket.terminate();
  }
  current.result.droppedAt = preciseNow();
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, params.timeLimitMs);
    current.finish = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  for (const slot of players) {
    // A new page session: a new connection id; the backoff starts again from its minimum (the exponent only grows
    // with failed attempts, and the connection that dropped was the first).
    const previous = slot.presence as Presence;
    const presence = freshPresence(newConnectionId());
    slot.presence = presence;
    previous.pending.clear();
    scheduleAttempt(slot, presence, current);
  }
  if (players.length === 0) current.finish?.();
  await done;
  current.result.errors = current.errors;
  return current.result;
}

/** The storm's players now: back or not, their own presence or not, overwritten late or not. */
export function checkStorm(): StormCheck {
  const check: StormCheck = {
    players: 0,
    listening: 0,
    presenceOwn: 0,
    lateDisconnects: 0,
    lateAfterArmed: 0,
    notRecovered: 0,
    rateLimitedNotRecovered: 0,
    lastEventAt,
  };
  if (run?.kind !== 'storm') return check;
  for (const slot of run.slots) {
    const presence = slot.presence as Presence;
    check.players++;
    const listening = slot.phase === 'ready' && slot.socket?.readyState === WebSocket.OPEN;
    const own = presence.latest?.own === true;
    if (listening) check.listening++;
    if (own) check.presenceOwn++;
    const upRev = presence.upRev;
    const overwritten =
      upRev === null ? [] : presence.events.filter((event) => event.rev > upRev && !event.own);
    if (overwritten.length > 0) check.lateDisconnects++;
    const armedAt = presence.armedAt;
    if (armedAt !== null && overwritten.some((event) => event.at > armedAt)) check.lateAfterArmed++;
    if (!listening || !own) {
      check.notRecovered++;
      if (presence.rateLimited) check.rateLimitedNotRecovered++;
    }
  }
  return check;
}
