// One realtime connection (DESIGN.md §4): its authentication, listens, armed onDisconnect actions and rate limit,
// and the dispatcher that answers every request exactly once, `{r, ok: true, d?}` or `{r, ok: false, code,
// message}`.
//
// Order: requests that change the connection's state (auth, listen, unlisten, od) run one after the other, in the
// order received; reads and writes start at once, in the order received, unless such a request is still running,
// in which case they queue behind it. A write starts synchronously on receipt, so writes of one connection enter the
// document store, and are committed, in the order sent, while many of them are in flight at once.

import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import {
  REALTIME_CLOSE_POLICY,
  flattenUpdate,
  isPathPrefix,
  joinPath,
  normalizeForWrite,
  restoreArrays,
  validatePath,
  type AuthAnswer,
  type ClientMessage,
  type ErrorAnswer,
  type OkAnswer,
  type RealtimeErrorCode,
  type RealtimeValue,
  type TimeAnswer,
  type ValueAnswer,
  type WriteAnswer,
} from '@marquee/protocol';
import type { VerifiedIdentity } from '../identity/identityService';
import { newId } from '../ids';
import { locateInDocument } from './documentPath';
import type { DocumentStore } from './documentStore';
import type { FanOut, Listener, ListenerSink } from './fanOut';
import { parseFrame } from './frames';
import type { ArmedAction, DisconnectActions, DisconnectOp } from './onDisconnect';
import { RequestRateLimiter } from './rateLimiter';
import { samePrincipal, type Principal, type RealtimeRules } from './rules';
import { valueHash } from './valueHash';
import { RealtimeRequestError, permissionDenied, refusalOf, unauthenticated } from './wireErrors';

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
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /** Epoch milliseconds: server timestamps, token expiry. */
  clock: () => number;
  /** Monotonic milliseconds: rate limits, keep-alive. */
  now: () => number;
  limits: ConnectionLimits;
  log: FastifyBaseLogger;
}

type Reply = (data?: unknown) => void;

/** Requests that change the connection's state: each waits for the ones before it to finish. */
const SEQUENTIAL: ReadonlySet<ClientMessage['t']> = new Set(['auth', 'listen', 'unlisten', 'od']);

const INTERNAL_MESSAGE = 'Internal error: the request could not be completed; try again';

export function principalOf(identity: VerifiedIdentity): Principal {
  return identity.kind === 'player'
    ? { kind: 'player', uid: identity.uid }
    : { kind: 'operator', uid: identity.uid, orgId: identity.orgId };
}

function frameSize(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, chunk) => sum + chunk.length, 0);
  return data.byteLength;
}

export class RealtimeConnection implements ListenerSink {
  readonly id: string;
  /** Monotonic time of the last frame or pong. */
  lastSeen: number;
  closed = false;
  private principal: Principal | null = null;
  private authExpiresAt = 0;
  private readonly listens = new Map<string, Listener>();
  private armed: ArmedAction[] = [];
  private armSeq = 0;
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private inflightBytes = 0;
  private pausedByUs = false;
  /** The TCP socket is corked until the next tick: answers given together leave in one write. */
  private corked = false;
  private garbage = 0;
  private readonly limiter: RequestRateLimiter;
  private finished: Promise<void> | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly context: ConnectionContext,
  ) {
    this.id = newId(context.clock());
    this.lastSeen = context.now();
    const { limits } = context;
    this.limiter = new RequestRateLimiter({
      ratePerSecond: limits.ratePerSecond,
      burst: limits.rateBurst,
      floodTolerance: limits.floodTolerance,
      now: context.now,
    });
  }

  /** Not reading the socket on purpose (requests in flight): its silence is ours, not a dead peer. */
  get paused(): boolean {
    return this.pausedByUs;
  }

  get receiving(): boolean {
    return !this.closed && this.principal !== null && this.context.clock() < this.authExpiresAt;
  }

  get uid(): string | null {
    return this.principal?.uid ?? null;
  }

  listenCount(): number {
    return this.listens.size;
  }

  send(text: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.context.limits.maxBufferedBytes) {
      this.context.log.warn({ connection: this.id }, 'realtime client does not read its messages; dropped');
      this.socket.terminate();
      return;
    }
    // A batch of writes is answered in one run of microtasks: cork, so a client with several writes in it gets its
    // answers in one system call instead of one each.
    const tcp = (this.socket as unknown as { _socket?: Socket })._socket;
    if (tcp !== undefined && !this.corked) {
      this.corked = true;
      tcp.cork();
      process.nextTick(() => {
        this.corked = false;
        tcp.uncork();
      });
    }
    this.socket.send(text);
  }

  /** Closes the socket with a code; the close event then disposes of the connection. */
  closeWith(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  touch(): void {
    this.lastSeen = this.context.now();
  }

  onFrame(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    this.touch();
    if (this.closed) return;
    const frame = parseFrame(data, isBinary);
    const r = frame.kind === 'request' ? frame.request.r : frame.r;
    const admission = this.limiter.admit();
    if (admission === 'flood') {
      this.context.log.warn({ connection: this.id }, 'realtime client floods; closed');
      this.closeWith(REALTIME_CLOSE_POLICY, 'Too many requests');
      return;
    }
    if (admission === 'limited') {
      const { ratePerSecond, rateBurst } = this.context.limits;
      this.sendError(
        r,
        'rate_limited',
        `Too many requests: at most ${ratePerSecond} per second (bursts of ${rateBurst}); slow down`,
      );
      return;
    }
    if (frame.kind === 'garbage') {
      this.garbage++;
      this.sendError(r, 'invalid_request', frame.message);
      if (this.garbage > this.context.limits.maxGarbageFrames) {
        this.closeWith(REALTIME_CLOSE_POLICY, 'Too many invalid frames');
      }
      return;
    }
    this.dispatch(frame.request, frameSize(data));
  }

  /**
   * Called once the socket has closed (cleanly, dropped or timed out): stops every listen, waits for the requests
   * already received, then runs the armed onDisconnect actions. Resolves when they have run.
   */
  dispose(): Promise<void> {
    if (this.finished !== null) return this.finished;
    this.closed = true;
    for (const listener of this.listens.values()) this.context.fanOut.unlisten(listener);
    this.listens.clear();
    this.finished = (async () => {
      await this.tail;
      const actions = this.armed;
      this.armed = [];
      if (actions.length > 0) await this.context.disconnects.fire(this.id, actions);
    })();
    return this.finished;
  }

  /** The armed actions, to persist them again after this node lost its lease. */
  armedActions(): readonly ArmedAction[] {
    return this.armed;
  }

  private dispatch(request: ClientMessage, size: number): void {
    this.inflightBytes += size;
    if (!this.pausedByUs && this.inflightBytes > this.context.limits.maxInflightBytes) {
      this.pausedByUs = true;
      this.socket.pause();
    }
    const sequential = SEQUENTIAL.has(request.t);
    if (!sequential && this.queued === 0) {
      void this.execute(request, size);
      return;
    }
    this.queued++;
    this.tail = this.tail.then(async () => {
      try {
        const done = this.execute(request, size);
        if (sequential) await done;
      } finally {
        this.queued--;
      }
    });
  }

  private async execute(request: ClientMessage, size: number): Promise<void> {
    let answered = false;
    const reply: Reply = (data) => {
      if (answered) return;
      answered = true;
      const answer: OkAnswer =
        data === undefined ? { r: request.r, ok: true } : { r: request.r, ok: true, d: data };
      this.send(JSON.stringify(answer));
    };
    try {
      await this.handle(request, reply);
      reply();
    } catch (error) {
      if (answered) {
        this.context.log.error(
          { err: error, connection: this.id },
          'realtime request failed after its answer',
        );
      } else {
        answered = true;
        const refusal = refusalOf(error);
        if (refusal === null) {
          this.context.log.error(
            { err: error, connection: this.id, t: request.t },
            'realtime request failed',
          );
          this.sendError(request.r, 'internal', INTERNAL_MESSAGE);
        } else {
          const answer: ErrorAnswer = { r: request.r, ok: false, ...refusal };
          this.send(JSON.stringify(answer));
        }
      }
    } finally {
      this.inflightBytes -= size;
      if (this.pausedByUs && this.inflightBytes <= this.context.limits.maxInflightBytes / 2) {
        this.pausedByUs = false;
        this.touch(); // the client could not answer pings while we were not reading
        this.socket.resume();
      }
    }
  }

  private sendError(r: number | undefined, code: RealtimeErrorCode, message: string): void {
    const answer: ErrorAnswer =
      r === undefined ? { ok: false, code, message } : { r, ok: false, code, message };
    this.send(JSON.stringify(answer));
  }

  private requireAuth(): Principal {
    if (this.principal === null) {
      throw unauthenticated('Not authenticated: send {"t":"auth"} with an ID token first');
    }
    if (this.context.clock() >= this.authExpiresAt) {
      throw unauthenticated('The ID token has expired; authenticate again with a fresh one');
    }
    return this.principal;
  }

  // Each handler validates and checks the rules before its first await when it writes, so that the write enters the
  // document store synchronously, in the order received. auth, time, unlisten and od cancel need no valid token:
  // they read nothing and only ever remove.
  private handle(request: ClientMessage, reply: Reply): Promise<void> | void {
    switch (request.t) {
      case 'auth':
        return this.authenticate(request.token, reply);
      case 'listen':
        return this.listen(request.path, reply);
      case 'unlisten':
        return this.unlisten(request.path);
      case 'get':
        return this.get(request.path, reply);
      case 'set':
        return this.set(request.path, request.value, reply);
      case 'update':
        return this.update(request.path, request.value, reply);
      case 'remove':
        return this.set(request.path, null, reply);
      case 'cas':
        return this.compareAndSet(request.path, request.value, request.hash, reply);
      case 'od':
        return request.action === 'cancel'
          ? this.cancelDisconnect(request.path)
          : this.armDisconnect(request.action, request.path, request.value, reply);
      case 'time':
        return reply({ now: this.context.clock() } satisfies TimeAnswer);
    }
  }

  private async authenticate(token: string, reply: Reply): Promise<void> {
    let identity: VerifiedIdentity;
    try {
      identity = await this.context.verifyIdToken(token);
    } catch (error) {
      // A refused token signs the connection out: nothing more is read or written with the old one.
      if (refusalOf(error) !== null) {
        this.principal = null;
        this.authExpiresAt = 0;
      }
      throw error;
    }
    const principal = principalOf(identity);
    const previous = this.principal;
    this.principal = principal;
    this.authExpiresAt = identity.expiresAt * 1000;
    if (!samePrincipal(previous, principal)) await this.dropUnreadableListens(principal);
    reply({ uid: identity.uid, expiresAt: this.authExpiresAt } satisfies AuthAnswer);
    // Events held back while the token was expired: the current value of what changed meanwhile.
    for (const listener of this.listens.values()) this.context.fanOut.resync(listener);
  }

  /** After a change of identity, the listens the new one may not read stop. */
  private async dropUnreadableListens(principal: Principal): Promise<void> {
    for (const [path, listener] of [...this.listens]) {
      if (await this.context.rules.mayRead(principal, validatePath(path))) continue;
      this.context.fanOut.unlisten(listener);
      this.listens.delete(path);
    }
  }

  private async listen(path: string, reply: Reply): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    if (!(await this.context.rules.mayRead(principal, location.segments))) {
      throw permissionDenied('read', location.path);
    }
    const { fanOut, limits } = this.context;
    const existing = this.listens.get(location.path);
    if (existing !== undefined) {
      reply();
      const text = fanOut.current(existing);
      if (text !== null) this.send(text);
      return;
    }
    if (this.listens.size >= limits.maxListens) {
      throw new RealtimeRequestError(
        'invalid_request',
        `Too many listens: a connection may listen to at most ${limits.maxListens} paths`,
      );
    }
    const listener = await fanOut.listen(this, location.segments, (text) => {
      reply();
      this.send(text);
    });
    if (listener === null) return;
    if (this.closed) {
      fanOut.unlisten(listener);
      return;
    }
    this.listens.set(location.path, listener);
  }

  private unlisten(path: string): void {
    const listener = this.listens.get(joinPath(validatePath(path)));
    if (listener === undefined) return;
    this.context.fanOut.unlisten(listener);
    this.listens.delete(listener.path);
  }

  private async get(path: string, reply: Reply): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    if (!(await this.context.rules.mayRead(principal, location.segments))) {
      throw permissionDenied('read', location.path);
    }
    const snapshot = await this.context.documents.get(location.path);
    reply({
      value: restoreArrays(snapshot.value),
      hash: valueHash(snapshot.value),
      rev: snapshot.revision,
    } satisfies ValueAnswer);
  }

  private checkWrite(principal: Principal, paths: readonly (readonly string[])[]): void {
    for (const segments of paths) {
      if (!this.context.rules.mayWrite(principal, segments))
        throw permissionDenied('write', joinPath(segments));
    }
  }

  private async set(path: string, value: unknown, reply: Reply): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    normalizeForWrite(value, location.segments);
    this.checkWrite(principal, [location.segments]);
    const result = await this.context.documents.set(location.path, value);
    reply({ rev: result.revision } satisfies WriteAnswer);
  }

  private async update(path: string, value: Record<string, unknown>, reply: Reply): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    const flat = flattenUpdate(location.path, value);
    const written = Object.keys(flat).map(validatePath);
    this.checkWrite(principal, written.length === 0 ? [location.segments] : written);
    const result = await this.context.documents.update(location.path, value);
    reply({ rev: result.revision } satisfies WriteAnswer);
  }

  private async compareAndSet(path: string, value: unknown, hash: string, reply: Reply): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    normalizeForWrite(value, location.segments);
    this.checkWrite(principal, [location.segments]);
    const result = await this.context.documents.compareAndSet(location.path, { hash }, value);
    if ('stale' in result) {
      throw new RealtimeRequestError(
        'datastale',
        `The value at "${location.path}" changed since it was read; retry with the current value`,
        { value: restoreArrays(result.value), hash: result.hash, rev: result.revision },
      );
    }
    reply({ rev: result.revision } satisfies WriteAnswer);
  }

  private async armDisconnect(
    action: 'set' | 'update',
    path: string,
    value: unknown,
    reply: Reply,
  ): Promise<void> {
    const principal = this.requireAuth();
    const location = locateInDocument(path);
    let op: DisconnectOp;
    let written: string[][];
    if (action === 'set') {
      op = { action, value: normalizeForWrite(value, location.segments) };
      written = [location.segments];
    } else {
      const flat = flattenUpdate(location.path, value as object);
      const relative: Record<string, RealtimeValue> = {};
      written = [];
      for (const [absolute, node] of Object.entries(flat)) {
        const segments = validatePath(absolute);
        written.push(segments);
        relative[joinPath(segments.slice(location.segments.length))] = node;
      }
      if (written.length === 0) written.push(location.segments);
      op = { action, value: relative };
    }
    this.checkWrite(principal, written);
    const armed: ArmedAction = {
      id: newId(this.context.clock()),
      seq: ++this.armSeq,
      armedAt: this.context.clock(),
      path: location.path,
      op,
      principal,
    };
    await this.context.disconnects.persist(this.id, [armed]);
    this.armed.push(armed);
    reply();
  }

  /** Cancels the armed actions at `path` and below. Allowed without a valid token: it only removes. */
  private async cancelDisconnect(path: string): Promise<void> {
    const segments = validatePath(path);
    const cancelled = this.armed.filter((action) => isPathPrefix(segments, validatePath(action.path)));
    if (cancelled.length === 0) return;
    this.armed = this.armed.filter((action) => !cancelled.includes(action));
    await this.context.disconnects.cancel(cancelled.map((action) => action.id));
  }
}
