// One realtime connection (docs/protocols/realtime.md §Messages): its socket, authentication and rate limit, and
// the dispatcher that answers every request exactly once, `{r, ok: true, d?}` or `{r, ok: false, code, message}`.
// Its reads and listens are in connectionListens.ts, its writes and onDisconnect actions in connectionWrites.ts.
//
// Order: requests that change the connection's state (auth, listen, unlisten, od) run one after the other, in the
// order received; reads and writes start at once, in the order received, unless such a request is still running,
// in which case they queue behind it. A write starts synchronously on receipt, so writes of one connection enter the
// document store, and are committed, in the order sent, while many of them are in flight at once. Listens received
// one after the other, to different new paths of one document, run side by side when their turn comes: they wait
// for the same first read of the document and are answered in order, as one after the other, and in one write,
// where a client restoring its listens after a reconnect waited a turn of the database per listen.

import type { Socket } from 'node:net';
import WebSocket from 'ws';
import {
  REALTIME_CLOSE_POLICY,
  type AuthAnswer,
  type ClientMessage,
  type ErrorAnswer,
  type OkAnswer,
  type RealtimeErrorCode,
  type TimeAnswer,
  type WriteAnswer,
} from '@marquee/protocol';
import type { VerifiedIdentity } from '../identity/identityService';
import { newId } from '../ids';
import type { ConnectionContext, ConnectionScope, Reply } from './connectionContext';
import { ConnectionListens } from './connectionListens';
import { ConnectionWrites } from './connectionWrites';
import { locateInDocument, type DocumentLocation } from './documentPath';
import type { Listener } from './fanOut';
import { parseFrame, type ParsedFrame } from './frames';
import type { ArmedAction } from './onDisconnect';
import { RequestRateLimiter } from './rateLimiter';
import { samePrincipal, type Principal } from './rules';
import { refusalOf, unauthenticated } from './wireErrors';

/** Requests that change the connection's state: each waits for the ones before it to finish. */
const SEQUENTIAL: ReadonlySet<ClientMessage['t']> = new Set(['auth', 'listen', 'unlisten', 'od']);
/** Requests that enter the document store's write queue: admitted by the node's write gate (writeGate.ts). */
const WRITES: ReadonlySet<ClientMessage['t']> = new Set(['set', 'update', 'remove', 'cas']);

/** The writes answered by their commit (executeSet), without a promise. */
type SetOrRemove = Extract<ClientMessage, { t: 'set' | 'remove' }>;
type ListenRequest = Extract<ClientMessage, { t: 'listen' }>;

/** Listens queued one after the other, waiting for their turn together; open to more until it comes. */
interface ListenGroup {
  /** The document of all of them. */
  readonly docPath: string;
  /** Their paths, normalized: a path listened twice is not run beside itself. */
  readonly paths: Set<string>;
  readonly members: [request: ListenRequest, size: number][];
}

const isWrite = (frame: ParsedFrame) => frame.kind === 'request' && WRITES.has(frame.request.t);

/** Where a request to arm an onDisconnect set or update would arm it (normalized); null for any other request. */
function armPathOf(request: ClientMessage): string | null {
  if (request.t !== 'od' || request.action === 'cancel') return null;
  try {
    return locateInDocument(request.path).path;
  } catch {
    return null; // refused when handled
  }
}

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

export class RealtimeConnection implements ConnectionScope {
  readonly id: string;
  /** Monotonic time of the last frame or pong. */
  lastSeen: number;
  closed = false;
  private signedIn: Principal | null = null;
  private authExpiresAt = 0;
  private readonly listens: ConnectionListens;
  private readonly writes: ConnectionWrites;
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  /** The listens last queued, while their turn has not come and nothing was queued after them. */
  private listenGroup: ListenGroup | null = null;
  private inflightBytes = 0;
  private pausedByUs = false;
  /** Frames received while the write gate holds the connection, in order; null while it does not. */
  private held: [frame: ParsedFrame, size: number][] | null = null;
  private socketPaused = false;
  /** The TCP socket is corked until the next tick: answers given together leave in one write. */
  private corked: Socket | null = null;
  private garbage = 0;
  /** Its first request was answered: the node's admission was told its setup is done. */
  private setUp = false;
  private readonly limiter: RequestRateLimiter;
  private finished: Promise<void> | null = null;

  constructor(
    private readonly socket: WebSocket,
    readonly context: ConnectionContext,
  ) {
    this.id = newId(context.clock());
    this.listens = new ConnectionListens(this);
    this.writes = new ConnectionWrites(this);
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
    return this.socketPaused;
  }

  get receiving(): boolean {
    return !this.closed && this.signedIn !== null && this.context.clock() < this.authExpiresAt;
  }

  get principal(): Principal | null {
    return this.signedIn;
  }

  get uid(): string | null {
    return this.signedIn?.uid ?? null;
  }

  listenCount(): number {
    return this.listens.count;
  }

  revalidate(listener: Listener): boolean {
    return this.listens.revalidate(listener);
  }

  send(text: string): void {
    this.sendFrame(text);
  }

  /** A text frame already encoded as UTF-8 (fan-out encodes a change once for all its listeners). */
  sendEncoded(utf8: Buffer): void {
    this.sendFrame(utf8);
  }

  private sendFrame(data: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.context.limits.maxBufferedBytes) {
      this.context.log.warn({ connection: this.id }, 'realtime client does not read its messages; dropped');
      this.socket.terminate();
      return;
    }
    // A batch of writes is answered in one run of microtasks: cork, so a client with several writes in it gets its
    // answers in one system call instead of one each (corkedSockets.ts).
    if (this.corked === null) {
      const tcp = this.tcp;
      if (tcp !== undefined) {
        this.corked = tcp;
        tcp.cork();
        this.context.corks.add(this);
      }
    }
    this.socket.send(data, { binary: false });
  }

  /** The corked socket's answers leave (CorkedSockets calls it on the tick after the first of them). */
  uncork(): void {
    const tcp = this.corked;
    this.corked = null;
    tcp?.uncork();
  }

  private get tcp(): Socket | undefined {
    return (this.socket as unknown as { _socket?: Socket })._socket;
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
    // Counted on receipt: frames held by the write gate and read later must not look like a burst.
    const admission = this.limiter.admit();
    if (admission === 'flood') {
      this.context.log.warn({ connection: this.id }, 'realtime client floods; closed');
      this.closeWith(REALTIME_CLOSE_POLICY, 'Too many requests');
      return;
    }
    const frame = parseFrame(data, isBinary);
    if (admission === 'limited') {
      const { ratePerSecond, rateBurst } = this.context.limits;
      this.sendError(
        frame.kind === 'request' ? frame.request.r : frame.r,
        'rate_limited',
        `Too many requests: at most ${ratePerSecond} per second (bursts of ${rateBurst}); slow down`,
      );
      return;
    }
    // Known from now on, however long it waits: the player's closing connections hold their actions there.
    const armPath = frame.kind === 'request' ? armPathOf(frame.request) : null;
    if (armPath !== null) this.context.disconnects.armReceived(this.id, armPath);
    // The node is full of writes: a write waits, and the frames after it, unread by anyone, until there is room.
    // Anything else goes on: a screen that reconnects while others write must still authenticate and listen.
    if (this.held === null && !this.context.writeGate.open && isWrite(frame)) this.holdForWrites();
    const size = frameSize(data);
    if (this.held !== null) this.held.push([frame, size]);
    else this.handleFrame(frame, size);
  }

  private holdForWrites(): void {
    this.held = [];
    this.updatePause();
    this.context.writeGate.wait(this);
  }

  /** The write gate has room again: the held frames are handled in order, then the socket is read again. */
  resumeFromGate(): void {
    const frames = this.held;
    if (frames === null || this.closed) return;
    this.held = null;
    for (let index = 0; index < frames.length; index++) {
      if (this.held !== null) {
        // Held again by one of them: the rest wait for the next turn, still in order.
        (this.held as typeof frames).push(...frames.slice(index));
        return;
      }
      const [frame, size] = frames[index]!;
      this.handleFrame(frame, size);
    }
    this.touch(); // the client could not answer pings while we were not reading
    this.updatePause();
  }

  private handleFrame(frame: ParsedFrame, size: number): void {
    if (frame.kind === 'garbage') {
      this.garbage++;
      this.sendError(frame.r, 'invalid_request', frame.message);
      if (this.garbage > this.context.limits.maxGarbageFrames) {
        this.closeWith(REALTIME_CLOSE_POLICY, 'Too many invalid frames');
      }
      return;
    }
    this.dispatch(frame.request, size);
  }

  /** The socket is read unless requests in flight are too large or the write gate holds the connection. */
  private updatePause(): void {
    const pause = this.pausedByUs || this.held !== null;
    if (pause === this.socketPaused) return;
    this.socketPaused = pause;
    if (pause) this.socket.pause();
    else this.socket.resume();
  }

  /** The socket has closed: nothing more is handled or sent. dispose() follows (the hub defers it, hub.ts). */
  markClosed(): void {
    this.closed = true;
  }

  /**
   * Called once the socket has closed (cleanly, dropped or timed out): stops every listen, waits for the requests
   * already received, then runs the armed onDisconnect actions. Resolves when they have run.
   */
  dispose(): Promise<void> {
    if (this.finished !== null) return this.finished;
    this.closed = true;
    this.listens.stopAll();
    // Nothing of the connection but its id and its actions is kept while they wait for their turn (seconds, in a
    // reconnect storm: disconnectPacing.ts): its socket, buffers and listens are free for collection at once.
    const { writes, id } = this;
    const { disconnects } = this.context;
    this.finished = this.tail.then(() => {
      const actions = writes.takeArmed();
      return actions.length > 0 ? disconnects.fire(id, actions).then(() => undefined) : undefined;
    });
    return this.finished;
  }

  /** The armed actions, to persist them again after this node lost its lease. */
  armedActions(): readonly ArmedAction[] {
    return this.writes.armedActions();
  }

  private dispatch(request: ClientMessage, size: number): void {
    if (request.t === 'od' && request.action === 'cancel') this.writes.cancelReceived(request.path);
    this.inflightBytes += size;
    if (!this.pausedByUs && this.inflightBytes > this.context.limits.maxInflightBytes) {
      this.pausedByUs = true;
      this.updatePause();
    }
    if (WRITES.has(request.t)) {
      const gate = this.context.writeGate;
      gate.started();
      if (!gate.open && this.held === null) this.holdForWrites();
    }
    const sequential = SEQUENTIAL.has(request.t);
    if (!sequential && this.queued === 0) {
      void this.start(request, size);
      return;
    }
    this.queued++;
    if (request.t === 'listen') {
      this.queueListen(request, size);
      return;
    }
    this.listenGroup = null;
    this.tail = this.tail.then(async () => {
      try {
        const done = this.start(request, size);
        if (sequential) await done;
      } finally {
        this.queued--;
      }
    });
  }

  /** Joins the listens queued last when it can run beside them, or queues a new group after them. */
  private queueListen(request: ListenRequest, size: number): void {
    let location: DocumentLocation | null;
    try {
      location = locateInDocument(request.path);
    } catch {
      location = null; // refused in its turn, alone
    }
    const group = this.listenGroup;
    if (
      group !== null &&
      location !== null &&
      location.docPath === group.docPath &&
      !group.paths.has(location.path)
    ) {
      group.paths.add(location.path);
      group.members.push([request, size]);
      return;
    }
    const next: ListenGroup | null =
      location === null
        ? null
        : { docPath: location.docPath, paths: new Set([location.path]), members: [[request, size]] };
    this.listenGroup = next;
    this.tail = this.tail.then(() =>
      next === null ? this.runListens([[request, size]]) : this.runListens(next.members, next),
    );
  }

  private async runListens(members: ListenGroup['members'], group?: ListenGroup): Promise<void> {
    if (group !== undefined && this.listenGroup === group) this.listenGroup = null;
    try {
      const together =
        group !== undefined &&
        members.length > 1 &&
        // Counted after one another near the limit; a path listened already is answered without the read.
        this.listens.count + members.length <= this.context.limits.maxListens &&
        ![...group.paths].some((path) => this.listens.has(path));
      if (together) await Promise.all(members.map(([request, size]) => this.start(request, size)));
      else for (const [request, size] of members) await this.start(request, size);
    } finally {
      this.queued -= members.length;
    }
  }

  /** Starts a request: a set or remove answered by its commit, anything else by execute. */
  private start(request: ClientMessage, size: number): Promise<void> | undefined {
    if (request.t !== 'set' && request.t !== 'remove') return this.execute(request, size);
    this.executeSet(request, size);
    return undefined;
  }

  /**
   * A set or remove, answered from inside the store's answers to its batch: no promise and no async function per
   * write, which on a busy fleet was several objects per write for the collector, and two turns of microtasks.
   */
  private executeSet(request: SetOrRemove, size: number): void {
    try {
      const value = request.t === 'set' ? request.value : null;
      this.writes.set(this.requireAuth(), request.path, value, (error, result) => {
        try {
          if (result === undefined) this.refuse(request, error);
          else this.sendOk(request.r, { rev: result.revision } satisfies WriteAnswer);
        } catch (failure) {
          // Called by the committer among the answers of a whole batch: nothing may escape to it.
          this.context.log.error({ err: failure, connection: this.id }, 'realtime answer failed');
        } finally {
          this.settle(request, size);
        }
      });
    } catch (error) {
      this.refuse(request, error);
      this.settle(request, size);
    }
  }

  private async execute(request: Exclude<ClientMessage, SetOrRemove>, size: number): Promise<void> {
    let answered = false;
    const reply: Reply = (data) => {
      if (answered) return;
      answered = true;
      this.sendOk(request.r, data);
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
        this.refuse(request, error);
      }
    } finally {
      this.settle(request, size);
    }
  }

  private sendOk(r: number, data: unknown): void {
    const answer: OkAnswer = data === undefined ? { r, ok: true } : { r, ok: true, d: data };
    this.send(JSON.stringify(answer));
  }

  /** Answers a request that failed: its refusal (code and message), or an internal error, logged. */
  private refuse(request: ClientMessage, error: unknown): void {
    const refusal = refusalOf(error);
    if (refusal === null) {
      this.context.log.error({ err: error, connection: this.id, t: request.t }, 'realtime request failed');
      this.sendError(request.r, 'internal', INTERNAL_MESSAGE);
    } else {
      const answer: ErrorAnswer = { r: request.r, ok: false, ...refusal };
      this.send(JSON.stringify(answer));
    }
  }

  /** A request has been answered: what it held (admission, the write gate, its bytes in flight) is given back. */
  private settle(request: ClientMessage, size: number): void {
    if (!this.setUp) {
      // Its first answer (the authentication's, as a rule): the connection no longer holds a place in the
      // node's admission (http/admission.ts).
      this.setUp = true;
      const tcp = this.tcp;
      if (tcp !== undefined) this.context.admission?.settled(tcp);
    }
    if (WRITES.has(request.t)) this.context.writeGate.finished();
    const armPath = armPathOf(request);
    if (armPath !== null) this.context.disconnects.armSettled(this.id, armPath);
    this.inflightBytes -= size;
    if (this.pausedByUs && this.inflightBytes <= this.context.limits.maxInflightBytes / 2) {
      this.pausedByUs = false;
      this.touch(); // the client could not answer pings while we were not reading
      this.updatePause();
    }
  }

  private sendError(r: number | undefined, code: RealtimeErrorCode, message: string): void {
    const answer: ErrorAnswer =
      r === undefined ? { ok: false, code, message } : { r, ok: false, code, message };
    this.send(JSON.stringify(answer));
  }

  private requireAuth(): Principal {
    if (this.signedIn === null) {
      throw unauthenticated('Not authenticated: send {"t":"auth"} with an ID token first');
    }
    if (this.context.clock() >= this.authExpiresAt) {
      throw unauthenticated('The ID token has expired; authenticate again with a fresh one');
    }
    return this.signedIn;
  }

  // Each write is validated and checked against the rules before its first await, so that it enters the document
  // store synchronously, in the order received. auth, time, unlisten and od cancel need no valid token: they read
  // nothing and only ever remove.
  private handle(request: Exclude<ClientMessage, SetOrRemove>, reply: Reply): Promise<void> | void {
    switch (request.t) {
      case 'auth':
        return this.authenticate(request.token, reply);
      case 'listen':
        return this.listens.listen(this.requireAuth(), request.path, reply);
      case 'unlisten':
        return this.listens.unlisten(request.path);
      case 'get':
        return this.listens.get(this.requireAuth(), request.path, reply);
      case 'update':
        return this.writes.update(this.requireAuth(), request.path, request.value, reply);
      case 'cas':
        return this.writes.compareAndSet(
          this.requireAuth(),
          request.path,
          request.value,
          request.hash,
          reply,
        );
      case 'od':
        return request.action === 'cancel'
          ? this.writes.cancel(request.path)
          : this.writes.arm(this.requireAuth(), request.action, request.path, request.value, reply);
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
        this.signedIn = null;
        this.authExpiresAt = 0;
      }
      throw error;
    }
    const principal = principalOf(identity);
    const previous = this.signedIn;
    this.signedIn = principal;
    this.authExpiresAt = identity.expiresAt * 1000;
    this.context.disconnects.authenticated(this.id, principal);
    if (!samePrincipal(previous, principal)) await this.listens.dropUnreadable(principal);
    reply({ uid: identity.uid, expiresAt: this.authExpiresAt } satisfies AuthAnswer);
    // Events held back while the token was expired: the current value of what changed meanwhile.
    this.listens.resyncAll();
  }
}
