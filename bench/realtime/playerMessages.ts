// What the driver and the simulated-player processes say to each other (rpc.ts carries it), and what the
// simulated players do on the wire: listen to players/{id}/LISTEN_BRANCH, receive commands as the number a command
// sets at LISTEN_BRANCH/COMMAND_FLAG, write their own players/{id}/WRITE_PATH.

/** The flag the benchmark's commands raise; its value is a number unique to each command. */
export const COMMAND_FLAG = 'update_device_info';
/** What each simulated player listens to, as a real player does. */
export const LISTEN_BRANCH = 'action_flags';
/**
 * What each simulated player writes in the writes phase: a branch players may write (docs/protocols/realtime.md
 * §Rules).
 */
export const WRITE_PATH = 'settings/name';

/**
 * What each simulated player also listens to in the schedules phases (--schedules): its content manifest, whose
 * `version` rises when what the screen shows changes (docs/schedules.md §Player timeline).
 */
export const DATA_BRANCH = 'app/data';

/**
 * Each simulated player's presence record, written and armed as the real player's presence does
 * (packages/realtime/src/presence.ts) and listened to, in the reconnect storm.
 */
export const CONNECTION_BRANCH = 'connection';

export const listenPathOf = (playerId: string) => `players/${playerId}/${LISTEN_BRANCH}`;
export const connectionPathOf = (playerId: string) => `players/${playerId}/${CONNECTION_BRANCH}`;
export const dataPathOf = (playerId: string) => `players/${playerId}/${DATA_BRANCH}`;

/** What `collect` counts: the latest command value, or the app/data version (at least the one asked). */
export type Collected = 'command' | 'version';
export const writePathOf = (playerId: string) => `players/${playerId}/${WRITE_PATH}`;

/** Epoch milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const preciseNow = () => performance.timeOrigin + performance.now();

export interface PlayerCredentials {
  playerId: string;
  idToken: string;
}

/** A player to connect, to `urls[node]` of the connect request. */
export interface ConnectingPlayer extends PlayerCredentials {
  node: number;
}

export interface ConnectParams {
  /** The WebSocket URL of each server node. */
  urls: string[];
  players: ConnectingPlayer[];
  /** Source addresses (127.0.0.x) the sockets are spread over, so that ephemeral ports do not run out. */
  localAddresses: string[];
  /** Connections of this process being opened, authenticated and listened at once. */
  concurrency: number;
  /** Time limit of one connection attempt (open, auth, listen). */
  attemptTimeoutMs: number;
  /** Attempts per player before it counts as failed. */
  attempts: number;
  /** Also listen to players/{id}/app/data (a player is ready once both listens are answered). */
  listenAppData: boolean;
}

export interface ConnectResult {
  ready: number;
  failed: number;
  /** Distinct failure messages with their counts (at most a few). */
  errors: Record<string, number>;
  /** When the last player of this process was listening (preciseNow). */
  lastReadyAt: number;
  /** The players that could not connect (the others are the ones to send commands to). */
  failedPlayerIds: string[];
}

/** A command's value arrived at a player's listener (only while streaming is on). */
export interface ValueArrival {
  playerId: string;
  value: number;
  /** preciseNow when the event was read. */
  at: number;
}

export interface CollectResult {
  /** Players whose listener has seen `value` as their latest command. */
  received: number;
  firstAt: number;
  lastAt: number;
}

export interface WriteParams {
  durationMs: number;
  /** Writes each player keeps outstanding. */
  window: number;
  /** Longest wait for the answers still outstanding when the duration ends. */
  drainTimeoutMs: number;
}

export interface WriteResult {
  writers: number;
  /** Writes answered ok within the duration. */
  acked: number;
  /** Writes answered ok after the duration (sent before its end). */
  ackedLate: number;
  /** Refusals by code, and 'unanswered' for writes still outstanding after the drain. */
  errors: Record<string, number>;
  /** Ack latencies (ms) of a sample of the writes answered within the duration. */
  latencySample: number[];
}

export interface PlayerStatus {
  ready: number;
  /** Sockets that closed after their player was listening (dropped by the server). */
  dropped: number;
  /** Those sockets by close code and reason (e.g. '1008 Too many requests'), to tell why. */
  droppedBy: Record<string, number>;
}

export interface PresenceParams {
  /** Longest wait for every player's answers. */
  timeoutMs: number;
}

/** The presence every listening player sets up over its socket before the storm. */
export interface PresenceResult {
  players: number;
  /** Players whose listen, cancel, record and armed action were all answered ok. */
  armed: number;
  /** Refusals by code, and 'unanswered' for players still waiting at the time limit. */
  errors: Record<string, number>;
}

export interface StormParams {
  /** When (preciseNow) every socket is dropped: the same moment in every process. */
  dropAt: number;
  /** The WebSocket URL of each server node (each player goes back to its own). */
  urls: string[];
  /** Source addresses of the new sockets (other than the first connection's, whose ports are in TIME_WAIT). */
  localAddresses: string[];
  /** From the drop until the storm gives up on the players not back yet (they keep trying until closed). */
  timeLimitMs: number;
  /** A socket not open by then is given up, as the real client's (REALTIME_CONNECT_TIMEOUT_MS). */
  attemptTimeoutMs: number;
  /** Once open, its authentication not answered by then (REALTIME_AUTH_TIMEOUT_MS). */
  authTimeoutMs: number;
}

export interface StormResult {
  /** Players dropped: those listening with their presence armed. */
  players: number;
  /** When the last socket was terminated (preciseNow). */
  droppedAt: number;
  /** Players listening again (both listens answered on a new socket). */
  relistened: number;
  /** Players whose new presence is armed (cancel, record and armed action answered ok on a new socket). */
  armed: number;
  lastRelistenedAt: number;
  lastArmedAt: number;
  /** Sockets opened, and the most one player needed. */
  attempts: number;
  maxAttempts: number;
  /** Failures by kind: connection errors, time-outs, refusals by code. */
  errors: Record<string, number>;
  /** `rate_limited` answers, and the players that got one. */
  rateLimited: number;
  rateLimitedPlayers: number;
  /** Where an attempt's time went (samples, ms): from the new socket to its opening, and from there to the auth answer. */
  openSample: number[];
  authSample: number[];
}

/** The storm's players as they are now (after the settle). */
export interface StormCheck {
  players: number;
  /** Socket open, both listens answered on it. */
  listening: number;
  /** The latest presence value seen is connected with the player's new connection id. */
  presenceOwn: number;
  /**
   * Players whose record was overwritten after their new connection's record was written (a later revision that is
   * not theirs: an old connection's onDisconnect ran late), and of those, after the new action was armed.
   */
  lateDisconnects: number;
  lateAfterArmed: number;
  /** Players neither listening nor with their own presence. */
  notRecovered: number;
  rateLimitedNotRecovered: number;
  /** When a presence value event last arrived (preciseNow; 0: none). */
  lastEventAt: number;
}
