// The writes of one realtime connection: set, update, remove, conditional set, and the onDisconnect actions it arms
// and cancels. Each write is validated (paths, values), checked against the write rule and, for a player, carries
// the check of its result's shape (playerShape.ts) into the store, all before its first await: the write enters the
// document store synchronously, in the order received.

import {
  flattenUpdate,
  isPathPrefix,
  joinPath,
  normalizeForWrite,
  restoreArrays,
  validatePath,
  type RealtimeValue,
  type WriteAnswer,
} from '@marquee/protocol';
import { newId } from '../ids';
import type { ConnectionScope, Reply } from './connectionContext';
import { locateInDocument, type DocumentLocation } from './documentPath';
import type { WriteCallback, WriteOptions } from './documentStore';
import type { ArmedAction, DisconnectOp } from './onDisconnect';
import { playerShapeCheck } from './playerShape';
import type { Principal } from './rules';
import { RealtimeRequestError, permissionDenied } from './wireErrors';

export class ConnectionWrites {
  private armed: ArmedAction[] = [];
  private armSeq = 0;
  /**
   * The paths (segments; null when invalid) of the cancels received and not yet started, oldest first. They start
   * in the order received (od requests run one after the other), each after every arming received before it.
   */
  private readonly cancelsAhead: (string[] | null)[] = [];
  /** Armed actions never persisted: a cancel received after them covers them (arm). */
  private readonly unpersisted = new Set<string>();
  /**
   * This connection's last set: its path as sent, where it lies, and the write's conditions for its principal. A
   * screen writes one path over and over; none of these is modified once made.
   */
  private lastSet: {
    path: string;
    location: DocumentLocation;
    paths: readonly (readonly string[])[];
    principal: Principal | null;
    options: WriteOptions;
  } | null = null;

  constructor(private readonly connection: ConnectionScope) {}

  /**
   * The armed actions as persisted, to persist them again after this node lost its lease: without those never
   * persisted, whose cancel has been received.
   */
  armedActions(): readonly ArmedAction[] {
    return this.unpersisted.size === 0
      ? this.armed
      : this.armed.filter((action) => !this.unpersisted.has(action.id));
  }

  /** A cancel at `path` was received: called on receipt, before any request received after it is started. */
  cancelReceived(path: string): void {
    let segments: string[] | null;
    try {
      segments = validatePath(path);
    } catch {
      segments = null; // refused when its turn comes
    }
    this.cancelsAhead.push(segments);
  }

  /**
   * The armed actions, forgotten here: the connection closed and runs them. From now on it is no longer a successor
   * that the actions of its player's other closing connections wait for.
   */
  takeArmed(): ArmedAction[] {
    const actions = this.armed;
    this.armed = [];
    this.connection.context.disconnects.left(this.connection.id);
    return actions;
  }

  /**
   * Queues a set (or, with null, a remove) and tells `done` its outcome once committed. Not async, and no promise: a
   * screen's every write comes this way. Throws, before queueing anything, when the write is refused outright.
   */
  set(principal: Principal, path: string, value: unknown, done: WriteCallback): void {
    const last = this.lastSetAt(path);
    const { location, paths } = last;
    const stored = normalizeForWrite(value, location.segments);
    for (const segments of paths) this.mayWrite(principal, segments);
    if (last.principal !== principal) {
      last.options = { check: playerShapeCheck(principal, paths) };
      last.principal = principal;
    }
    this.connection.context.disconnects.wrote(this.connection.id, principal, paths);
    this.connection.context.documents.setNormalizedThen(location, stored, last.options, done);
  }

  async update(
    principal: Principal,
    path: string,
    value: Record<string, unknown>,
    reply: Reply,
  ): Promise<void> {
    const location = locateInDocument(path);
    const written = Object.keys(flattenUpdate(location.path, value)).map(validatePath);
    const options = this.writing(principal, written.length === 0 ? [location.segments] : written);
    const result = await this.connection.context.documents.update(location.path, value, options);
    reply({ rev: result.revision } satisfies WriteAnswer);
  }

  async compareAndSet(
    principal: Principal,
    path: string,
    value: unknown,
    hash: string,
    reply: Reply,
  ): Promise<void> {
    const location = locateInDocument(path);
    const stored = normalizeForWrite(value, location.segments);
    const options = this.writing(principal, [location.segments]);
    const result = await this.connection.context.documents.compareAndSetNormalized(
      location,
      { hash },
      stored,
      options,
    );
    if ('stale' in result) {
      throw new RealtimeRequestError(
        'datastale',
        `The value at "${location.path}" changed since it was read; retry with the current value`,
        { value: restoreArrays(result.value), hash: result.hash, rev: result.revision },
      );
    }
    reply({ rev: result.revision } satisfies WriteAnswer);
  }

  /** Arms a set or update to run when the connection closes, once it passed the rules and fits the schema now. */
  async arm(
    principal: Principal,
    action: 'set' | 'update',
    path: string,
    value: unknown,
    reply: Reply,
  ): Promise<void> {
    const { context } = this.connection;
    const location = locateInDocument(path);
    let op: DisconnectOp;
    let written: (readonly string[])[];
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
    this.checked(principal, written);
    const armed: ArmedAction = {
      id: newId(context.clock()),
      seq: ++this.armSeq,
      armedAt: context.clock(),
      path: location.path,
      op,
      principal,
    };
    await context.disconnects.checkArmed(armed);
    // A reconnecting client restores its armed action and, in the same breath, presence cancels it and arms anew
    // (packages/realtime): an action a cancel already received will remove is armed, answered and never written to
    // the database, where it would be inserted and deleted again (two statements per screen of a reconnecting fleet).
    if (this.cancelledAhead(location.segments)) this.unpersisted.add(armed.id);
    else await context.disconnects.persist(this.connection.id, [armed]);
    const stamped = context.disconnects.armedLocally(this.connection.id, armed);
    this.armed.push(stamped);
    // Answered once the player's "went away" writes already queued at this path are committed: none lands after.
    await context.disconnects.previousWrites(stamped);
    reply();
  }

  /** Cancels the armed actions at `path` and below. Allowed without a valid token: it only removes. */
  async cancel(path: string): Promise<void> {
    this.cancelsAhead.shift(); // this one, received first among those not started
    const segments = validatePath(path);
    const cancelled = this.armed.filter((action) => isPathPrefix(segments, validatePath(action.path)));
    if (cancelled.length === 0) return;
    this.armed = this.armed.filter((action) => !cancelled.includes(action));
    const { disconnects } = this.connection.context;
    disconnects.cancelledLocally(this.connection.id, cancelled);
    const persisted = cancelled.filter((action) => !this.unpersisted.delete(action.id));
    if (persisted.length > 0) await disconnects.cancel(persisted.map((action) => action.id));
  }

  /** Whether a cancel received after the arming being handled (and not started) covers `segments`. */
  private cancelledAhead(segments: readonly string[]): boolean {
    return this.cancelsAhead.some((cancel) => cancel !== null && isPathPrefix(cancel, segments));
  }

  /** The set at `path`: located (invalid_path otherwise) and remembered for the next set at the same path. */
  private lastSetAt(path: string): NonNullable<ConnectionWrites['lastSet']> {
    const last = this.lastSet;
    if (last !== null && last.path === path) return last;
    const location = locateInDocument(path);
    const located = { path, location, paths: [location.segments], principal: null, options: {} };
    this.lastSet = located;
    return located;
  }

  /**
   * checked(), for a write about to enter the store: the node's onDisconnect actions learn of it first (a closing
   * connection of the same player does not overwrite it with an older "went away" record).
   */
  private writing(principal: Principal, paths: readonly (readonly string[])[]): WriteOptions {
    const options = this.checked(principal, paths);
    this.connection.context.disconnects.wrote(this.connection.id, principal, paths);
    return options;
  }

  /** Throws permission_denied unless `principal` may write every path; the write's conditions otherwise. */
  private checked(principal: Principal, paths: readonly (readonly string[])[]): WriteOptions {
    for (const segments of paths) this.mayWrite(principal, segments);
    return { check: playerShapeCheck(principal, paths) };
  }

  private mayWrite(principal: Principal, segments: readonly string[]): void {
    if (!this.connection.context.rules.mayWrite(principal, segments))
      throw permissionDenied('write', joinPath(segments));
  }
}
