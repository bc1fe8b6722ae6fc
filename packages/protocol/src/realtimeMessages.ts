// The realtime database's wire protocol (docs/protocols/realtime.md §Messages): JSON text frames over one WebSocket
// at /realtime. The client library (packages/realtime) and the hub (apps/server/src/realtime) both speak it from
// here.
//
// Every client request carries a numeric id `r` and gets exactly one answer with the same `r`: `{r, ok: true,
// d?}` or `{r, ok: false, code, message}`. Value events for listened paths arrive unasked as `{t: 'v', …}`, and
// the end of a listen the rules no longer allow as `{t: 'c', …}`.
// A path always lies inside one player document (`players/{playerId}/…`, at least two segments): listens above
// a document would fan out across organisations, so they are refused with invalid_path.

import * as z from 'zod/mini';

/**
 * The codes an answer may carry (docs/protocols/realtime.md §Errors), plus invalid_request for a frame that is not a
 * request and internal for a server failure.
 */
export const REALTIME_ERROR_CODES = [
  'permission_denied',
  'invalid_path',
  'invalid_value',
  'too_large',
  'datastale',
  'unauthenticated',
  'rate_limited',
  'invalid_request',
  // Added by the hub: a failure of the server itself (database unavailable), not of the request; retry later.
  'internal',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

/** Largest text frame a client may send; the hub closes the socket on anything larger. */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024 * 1024;
/** Requests a client may send per second on average, with a burst of REALTIME_RATE_BURST. */
export const REALTIME_RATE_PER_SECOND = 200;
export const REALTIME_RATE_BURST = 400;
/** Paths one connection may listen to at once. */
export const REALTIME_MAX_LISTENS = 256;
/** The hub pings every interval and drops a socket that has not answered for REALTIME_IDLE_TIMEOUT_MS. */
export const REALTIME_PING_INTERVAL_MS = 15_000;
export const REALTIME_IDLE_TIMEOUT_MS = 45_000;
/** A client gives up an attempt whose socket has not opened within this time, and tries again after its backoff. */
export const REALTIME_CONNECT_TIMEOUT_MS = 10_000;
/**
 * Once its socket is open, a client waits this long for its authentication's answer before it gives the attempt up.
 * Counted from the open, not from the attempt: a node that accepted the socket is setting it up (in a reconnect
 * storm, seconds after the accept), and an attempt dropped then is the node's work for nobody and the screen's full
 * round again, behind its backoff (docs/protocols/realtime.md §Messages).
 */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
/** Client reconnect backoff: from the minimum, doubling, capped, with full jitter. */
export const REALTIME_RECONNECT_MIN_MS = 250;
export const REALTIME_RECONNECT_MAX_MS = 30_000;

/**
 * The longest wait before reconnect attempt `attempt` (0: the first after a drop): the minimum doubled once per
 * attempt, capped at the maximum. The client and the benchmark's simulated players back off by it.
 */
export function reconnectCeiling(attempt: number): number {
  return Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
}

/** Full jitter: uniformly anywhere from 0 up to the ceiling (`random` in [0, 1)). */
export function reconnectDelay(ceiling: number, random: number): number {
  return Math.floor(Math.min(Math.max(random, 0), 1) * ceiling);
}
/** The WebSocket close code the hub uses when it drops a client for flooding or garbage. */
export const REALTIME_CLOSE_POLICY = 1008;
/** Close code for a frame over REALTIME_MAX_FRAME_BYTES. */
export const REALTIME_CLOSE_TOO_BIG = 1009;

// `.check()` is a method call a bundler cannot know is pure: annotated so the players drop the schemas they do not
// use (tools/zodTreeshake.ts).
const RequestId = /* @__PURE__ */ z.number().check(z.int(), z.nonnegative());
/** Longest path a request may name, in UTF-16 code units (string length). */
export const REALTIME_MAX_PATH_CHARS = 4096;
const Path = /* @__PURE__ */ z.string().check(z.maxLength(REALTIME_MAX_PATH_CHARS));

export const AuthRequestSchema = z.object({ r: RequestId, t: z.literal('auth'), token: z.string() });
export const ListenRequestSchema = z.object({ r: RequestId, t: z.literal('listen'), path: Path });
export const UnlistenRequestSchema = z.object({ r: RequestId, t: z.literal('unlisten'), path: Path });
export const GetRequestSchema = z.object({ r: RequestId, t: z.literal('get'), path: Path });
/** `value` is any JSON; it is validated with the realtime value rules, not by this schema. */
export const SetRequestSchema = z.object({
  r: RequestId,
  t: z.literal('set'),
  path: Path,
  value: z.unknown(),
});
/** `value` maps paths relative to `path` to their new values (an object update, flattened by the client). */
export const UpdateRequestSchema = z.object({
  r: RequestId,
  t: z.literal('update'),
  path: Path,
  value: z.record(z.string(), z.unknown()),
});
export const RemoveRequestSchema = z.object({ r: RequestId, t: z.literal('remove'), path: Path });
/**
 * Conditional set for transactions: applied only when the hash of the current value at `path` equals `hash`
 * (the hash of what the client based its change on); otherwise answered datastale with the current value.
 */
export const CompareAndSetRequestSchema = z.object({
  r: RequestId,
  t: z.literal('cas'),
  path: Path,
  value: z.unknown(),
  hash: /* @__PURE__ */ z.string().check(z.maxLength(128)),
});
/** onDisconnect: arm a set or update to run when this socket closes or stops answering, or cancel them. */
export const OnDisconnectRequestSchema = z.object({
  r: RequestId,
  t: z.literal('od'),
  action: z.enum(['set', 'update', 'cancel']),
  path: Path,
  value: z.optional(z.unknown()),
});
/** Server time, for the client's clock offset. */
export const TimeRequestSchema = z.object({ r: RequestId, t: z.literal('time') });

export const ClientMessageSchema = z.discriminatedUnion('t', [
  AuthRequestSchema,
  ListenRequestSchema,
  UnlistenRequestSchema,
  GetRequestSchema,
  SetRequestSchema,
  UpdateRequestSchema,
  RemoveRequestSchema,
  CompareAndSetRequestSchema,
  OnDisconnectRequestSchema,
  TimeRequestSchema,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type ClientRequestType = ClientMessage['t'];

/** Answer data per request type. */
export interface AuthAnswer {
  uid: string;
  /** Epoch ms when the ID token expires; the client re-authenticates before. */
  expiresAt: number;
}
export interface ValueAnswer {
  value: unknown;
  /** Hash of the value, for a following conditional set. */
  hash: string;
  rev: number;
}
export interface WriteAnswer {
  rev: number;
}
export interface TimeAnswer {
  now: number;
}

export interface OkAnswer<D = unknown> {
  r: number;
  ok: true;
  d?: D;
}
export interface ErrorAnswer {
  /** Absent only when the frame had no readable id. */
  r?: number;
  ok: false;
  code: RealtimeErrorCode;
  message: string;
  /** datastale carries the current {value, hash, rev} so the transaction retries without a round trip. */
  d?: ValueAnswer;
}
/** A change of a listened path: its whole current value (null when absent) and the document revision. */
export interface ValueEvent {
  t: 'v';
  path: string;
  value: unknown;
  hash: string;
  rev: number;
}
/**
 * A listen the hub ended on its own, because the rules no longer let the connection read the path (an operator's
 * screen was unpaired, its player deleted): no event follows for that path unless it is listened to again.
 */
export interface ListenCancelled {
  t: 'c';
  path: string;
  code: RealtimeErrorCode;
  message: string;
}
export type ServerMessage = OkAnswer | ErrorAnswer | ValueEvent | ListenCancelled;
