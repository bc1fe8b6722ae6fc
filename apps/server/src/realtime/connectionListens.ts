// The reads of one realtime connection: its listens and its gets, each checked against the read rule. A listen
// lasts while the rule allows it: after a change of identity, and whenever a change of the document may have
// changed who may read it (an operator's screen unpaired, its player deleted, on any node), the connection checks
// again and ends the listens it may no longer read with a `{t: 'c'}` message (docs/protocols/realtime.md §Rules).

import {
  joinPath,
  parsePath,
  restoreArrays,
  validatePath,
  type ListenCancelled,
  type ValueAnswer,
} from '@marquee/protocol';
import type { ConnectionScope, Reply } from './connectionContext';
import { locateInDocument } from './documentPath';
import type { Listener } from './fanOut';
import type { Principal } from './rules';
import { valueHash } from './valueHash';
import { RealtimeRequestError, permissionDenied } from './wireErrors';

const RECHECK_FAILED_MESSAGE = 'The access to this path could not be checked again; listen again';

export class ConnectionListens {
  private readonly listens = new Map<string, Listener>();

  constructor(private readonly connection: ConnectionScope) {}

  get count(): number {
    return this.listens.size;
  }

  /** Whether `path` (normalized) is listened to. */
  has(path: string): boolean {
    return this.listens.has(path);
  }

  async listen(principal: Principal, path: string, reply: Reply): Promise<void> {
    const { fanOut, rules, limits } = this.connection.context;
    const location = locateInDocument(path);
    // Read before the check: a change of access between the check and the registration is then noticed.
    const checkedAt = fanOut.accessEpoch(location.docPath);
    // A node that does not follow the document cannot have heard of its pairing changes: no cached answer.
    const fresh = checkedAt === undefined;
    if (!(await rules.mayRead(principal, location.segments, { fresh }))) {
      throw permissionDenied('read', location.path);
    }
    const existing = this.listens.get(location.path);
    if (existing !== undefined) {
      reply();
      const text = fanOut.current(existing);
      if (text !== null) this.connection.send(text);
      return;
    }
    if (this.listens.size >= limits.maxListens) {
      throw new RealtimeRequestError(
        'invalid_request',
        `Too many listens: a connection may listen to at most ${limits.maxListens} paths`,
      );
    }
    const listener = await fanOut.listen(
      this.connection,
      location.segments,
      (text, _revision, registered) => {
        this.listens.set(location.path, registered);
        reply();
        this.connection.send(text);
      },
      checkedAt,
    );
    if (listener !== null && this.connection.closed) this.stop(listener);
  }

  unlisten(path: string): void {
    const listener = this.listens.get(joinPath(validatePath(path)));
    if (listener !== undefined) this.stop(listener);
  }

  async get(principal: Principal, path: string, reply: Reply): Promise<void> {
    const location = locateInDocument(path);
    const fresh = this.connection.context.fanOut.accessEpoch(location.docPath) === undefined;
    if (!(await this.connection.context.rules.mayRead(principal, location.segments, { fresh }))) {
      throw permissionDenied('read', location.path);
    }
    const snapshot = await this.connection.context.documents.get(location.path);
    reply({
      value: restoreArrays(snapshot.value),
      hash: valueHash(snapshot.value),
      rev: snapshot.revision,
    } satisfies ValueAnswer);
  }

  /** After a change of identity, the listens the new one may not read stop. */
  async dropUnreadable(principal: Principal): Promise<void> {
    for (const listener of [...this.listens.values()]) {
      if (await this.connection.context.rules.mayRead(principal, parsePath(listener.path))) continue;
      this.stop(listener);
    }
  }

  /** Sends what changed while events were held back (an expired token). */
  resyncAll(): void {
    for (const listener of this.listens.values()) this.connection.context.fanOut.resync(listener);
  }

  stopAll(): void {
    for (const listener of this.listens.values()) this.connection.context.fanOut.unlisten(listener);
    this.listens.clear();
  }

  /**
   * Who may read `listener`'s document may have changed. A player's read rule does not depend on it; an operator's
   * listen is held while the rule is checked again, then resumed or cancelled.
   */
  revalidate(listener: Listener): boolean {
    const principal = this.connection.principal;
    if (principal?.kind !== 'operator' || this.listens.get(listener.path) !== listener) return false;
    void this.recheck(principal, listener);
    return true;
  }

  private async recheck(principal: Principal, listener: Listener): Promise<void> {
    const { fanOut, rules, log } = this.connection.context;
    let cancelled: ListenCancelled | null = null;
    try {
      if (!(await rules.mayRead(principal, parsePath(listener.path)))) {
        cancelled = { t: 'c', path: listener.path, ...refusal(permissionDenied('read', listener.path)) };
      }
    } catch (error) {
      // Unsure is no: the client may listen again, and is then checked afresh.
      log.error({ err: error, connection: this.connection.id }, 'realtime: listen access check failed');
      cancelled = { t: 'c', path: listener.path, code: 'internal', message: RECHECK_FAILED_MESSAGE };
    }
    if (this.listens.get(listener.path) !== listener) return; // unlistened or closed meanwhile
    if (cancelled === null) {
      fanOut.resume(listener);
      return;
    }
    this.stop(listener);
    this.connection.send(JSON.stringify(cancelled));
  }

  private stop(listener: Listener): void {
    this.connection.context.fanOut.unlisten(listener);
    this.listens.delete(listener.path);
  }
}

function refusal(error: RealtimeRequestError): Pick<ListenCancelled, 'code' | 'message'> {
  return { code: error.code, message: error.message };
}
