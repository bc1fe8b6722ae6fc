// Setups first. While connections wait for their turn in the node's admission (http/admission.ts), a connection that
// has just been set up (its first request, the authentication, answered) is not read for a while: its listens,
// writes and onDisconnect arming wait, and the node's time goes to the connections still waiting to authenticate.
// A client gives up on a connection not authenticated within REALTIME_CONNECT_TIMEOUT_MS and opens a new one after
// its backoff, and all the work done for the old one is lost. When a fleet reconnects at once, serving the first
// connections' every request before the later ones' authentication made thousands of screens give up and come back
// (bench/realtime's reconnect storm: a fifth to two thirds more attempts than screens; none since).
//
// A connection held is read again once no connection waits for admission, or after SETUP_PRIORITY_MAX_MS at most
// (a node that is never done with its queue still serves its screens), SETUP_RELEASE_SLICE at a time, oldest first.

import { every as everyInterval, type Every } from '../eventLoop';
import { Fifo } from '../fifo';

/** Longest time a set-up connection is not read while others wait for their setup. */
export const SETUP_PRIORITY_MAX_MS = 5000;
/** Connections read again per check. */
export const SETUP_RELEASE_SLICE = 100;
/** How often held connections are looked at. */
export const SETUP_CHECK_MS = 25;

/** A connection as the gate sees it. */
export interface SetUpConnection {
  /** Reads its socket again. */
  resumeAfterSetups(): void;
}

export interface SetupGateOptions {
  /** Whether connections wait for their setup (the node's admission). */
  queued: () => boolean;
  /** Monotonic milliseconds (default performance.now). */
  now?: () => number;
  every?: Every;
}

export class SetupGate {
  private readonly held = new Fifo<{ connection: SetUpConnection; since: number }>();
  private readonly queued: () => boolean;
  private readonly now: () => number;
  private readonly every: Every;
  private stop: (() => void) | null = null;
  private closed = false;

  constructor(options: SetupGateOptions) {
    this.queued = options.queued;
    this.now = options.now ?? (() => performance.now());
    this.every = options.every ?? everyInterval;
  }

  /** Connections not read for now. */
  get holding(): number {
    return this.held.size;
  }

  /**
   * `connection` has just been set up: true when it is to stop reading its socket until resumeAfterSetups() is
   * called (connections wait for their setup); false when it goes on at once.
   */
  hold(connection: SetUpConnection): boolean {
    if (this.closed || !this.queued()) return false;
    this.held.push({ connection, since: this.now() });
    this.stop ??= this.every(SETUP_CHECK_MS, () => this.release());
    return true;
  }

  /** Every held connection is read again, and none is held from now on (the node shuts down). */
  close(): void {
    this.closed = true;
    this.release(this.held.size);
  }

  private release(slice = SETUP_RELEASE_SLICE): void {
    const all = this.closed || !this.queued();
    const overdue = this.now() - SETUP_PRIORITY_MAX_MS;
    let count = 0;
    for (let next = this.held.at(0); next !== undefined && count < slice; next = this.held.at(count)) {
      if (!all && next.since > overdue) break;
      count++;
    }
    for (const { connection } of this.held.take(count)) connection.resumeAfterSetups();
    if (this.held.size === 0 && this.stop !== null) {
      this.stop();
      this.stop = null;
    }
  }
}
