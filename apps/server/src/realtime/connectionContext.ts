// What the parts of one realtime connection share: the hub's services and limits, and the connection as its parts
// (connectionListens.ts, connectionWrites.ts) see it.

import type { FastifyBaseLogger } from 'fastify';
import type { Admission } from '../http/admission';
import type { CorkedSockets } from './corkedSockets';
import type { VerifiedIdentity } from '../identity/identityService';
import type { DocumentStore } from './documentStore';
import type { FanOut, ListenerSink } from './fanOut';
import type { DisconnectActions } from './onDisconnect';
import type { Principal, RealtimeRules } from './rules';
import type { WriteGate } from './writeGate';

export interface ConnectionLimits {
  ratePerSecond: number;
  rateBurst: number;
  /** Refused requests tolerated beyond the bucket before the socket is closed for flooding. */
  floodTolerance: number;
  /** Invalid frames tolerated; one more closes the socket. */
  maxGarbageFrames: number;
  maxListens: number;
  /** Bytes of requests being processed above which the socket is no longer read until they are done. */
  maxInflightBytes: number;
  /** Bytes waiting to be sent to a client that does not read, above which the socket is dropped. */
  maxBufferedBytes: number;
}

/** What every connection of a hub shares. */
export interface ConnectionContext {
  documents: DocumentStore;
  fanOut: FanOut;
  rules: RealtimeRules;
  disconnects: DisconnectActions;
  /** Bounds the node's writes in flight (writeGate.ts). */
  writeGate: WriteGate;
  /** Uncorks on the next tick the sockets corked while answers were given (corkedSockets.ts). */
  corks: CorkedSockets;
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /** The node's admission of connections, told when a connection's setup is done (http/admission.ts). */
  admission: Pick<Admission, 'settled'> | null;
  /** Epoch milliseconds: server timestamps, token expiry. */
  clock: () => number;
  /** Monotonic milliseconds: rate limits, keep-alive. */
  now: () => number;
  limits: ConnectionLimits;
  log: FastifyBaseLogger;
}

/** Answers a request ok, with its data if any; only the first call counts. */
export type Reply = (data?: unknown) => void;

/** One connection as its parts see it. */
export interface ConnectionScope extends ListenerSink {
  readonly id: string;
  readonly context: ConnectionContext;
  /** Who is authenticated on it now (null when no one is). */
  readonly principal: Principal | null;
}
