// Sends stored deliveries (docs/webhooks.md §Once across nodes). Every node runs one worker on the shared database;
// a delivery goes out from the node that claims it, by a conditional UPDATE that sets a lease only while nobody holds
// one: on PostgreSQL the row lock and the re-checked WHERE let exactly one of two racing nodes update it, on SQLite
// writes are serial. The worker sleeps until the next due delivery (woken at once by an emit on its own node), with
// a fallback poll for what other nodes store. Sends run concurrently up to a bound, each under a time-out. Clock and
// timers are injected.

import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveryState } from '../db/schema';
import { newId, randomToken } from '../ids';
import { PRUNE_INTERVAL_MS, pruneDeliveries } from './deliveryRetention';
import { nextRetryAt } from './retrySchedule';
import { DEFAULT_SEND_TIMEOUT_MS, sendDelivery, type AttemptResult } from './webhookSender';

export interface DeliveryTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Node's timers, unref'd: the worker never keeps the process alive. */
export const nodeDeliveryTimers: DeliveryTimers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Longest sleep: what other nodes store is picked up within this. */
export const DEFAULT_POLL_MS = 5_000;
/** Sends in flight at once per node. */
export const DEFAULT_CONCURRENCY = 8;
/** How long a claim holds a delivery: well over the send time-out, so only a node that died loses it. */
export const DEFAULT_LEASE_MS = 60_000;

export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  clock: () => number;
  timers: DeliveryTimers;
  onError: (error: unknown) => void;
  /** This worker's name in lease_owner (default: host, process and random). */
  owner?: string;
  timeoutMs?: number;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
}

interface ClaimedDelivery {
  id: string;
  event_id: string;
  event: string;
  body: string;
  attempts: number;
  created_at: number;
  url: string;
  secret: string;
}

export class DeliveryWorker {
  readonly owner: string;
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private timer: unknown = null;
  private timerAt = Infinity;
  private passes: Promise<unknown> = Promise.resolve();
  private started = false;
  private nextPruneAt = -Infinity;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomToken(6)}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Starts sending: what is already due (stored before a restart, or by other nodes) goes at once. */
  start(): void {
    this.started = true;
    this.sleep(0);
  }

  /** Something was stored that is due now (an emit on this node). */
  wake(): void {
    if (this.started) this.sleep(0);
  }

  /** Stops: no new claims; sends in flight are aborted and their leases released for another node or a restart. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.passes;
    await Promise.all(this.inFlight);
  }

  /**
   * One pass: claims what is due (as many as there are free slots), sends it and records the attempts; resolves
   * when those are recorded. The timer runs it; tests call it after moving their clock.
   */
  async runDue(): Promise<void> {
    const pass = this.passes.then(() => this.claimAndSend());
    this.passes = pass.catch(() => {});
    await Promise.all(await pass);
  }

  /** Runs a pass in `ms` unless one is due sooner. */
  private sleep(ms: number): void {
    if (!this.started) return;
    const at = this.clock() + ms;
    if (this.timer !== null) {
      if (this.timerAt <= at) return;
      this.options.timers.clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.runDue().catch((error: unknown) => {
        this.options.onError(error);
        // A pass that failed (the database away a moment) is tried again at the next poll.
        this.sleep(this.pollMs);
      });
    }, ms);
  }

  private async claimAndSend(): Promise<Promise<void>[]> {
    if (this.stopping.signal.aborted) return [];
    const now = this.clock();
    const sends: Promise<void>[] = [];
    const free = this.concurrency - this.inFlight.size;
    if (free > 0) {
      const due = await this.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(free)
        .execute();
      const claimed =
        due.length === 0
          ? []
          : await this.claim(
              due.map((row) => row.id),
              now,
            );
      for (const delivery of claimed) sends.push(this.track(this.send(delivery)));
    }
    // Every slot busy: the next finished send runs the next pass, no need to look for the next due time.
    if (this.inFlight.size < this.concurrency) await this.sleepUntilNextDue(now);
    if (now >= this.nextPruneAt) {
      this.nextPruneAt = now + PRUNE_INTERVAL_MS;
      await pruneDeliveries(this.db, now);
    }
    return sends;
  }

  /**
   * Takes the lease of those of `ids` nobody holds, in one statement (RETURNING says which this node took); answers
   * them with their webhook's URL and secret.
   */
  private async claim(ids: string[], now: number): Promise<ClaimedDelivery[]> {
    const taken = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: now + this.leaseMs, lease_owner: this.owner })
      .where('id', 'in', ids)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returning('id')
      .execute();
    if (taken.length === 0) return [];
    return this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.event_id',
        'webhook_deliveries.event',
        'webhook_deliveries.body',
        'webhook_deliveries.attempts',
        'webhook_deliveries.created_at',
        'webhooks.url',
        'webhooks.secret',
      ])
      .where(
        'webhook_deliveries.id',
        'in',
        taken.map((row) => row.id),
      )
      .where('webhook_deliveries.lease_owner', '=', this.owner)
      .orderBy('webhook_deliveries.next_attempt_at')
      .execute();
  }

  private track(send: Promise<void>): Promise<void> {
    const tracked = send.catch(this.options.onError).finally(() => {
      this.inFlight.delete(tracked);
      // A slot is free: anything left due goes now.
      this.sleep(0);
    });
    this.inFlight.add(tracked);
    return tracked;
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = this.clock();
    const result = await sendDelivery(
      {
        id: delivery.id,
        eventId: delivery.event_id,
        event: delivery.event,
        url: delivery.url,
        secret: delivery.secret,
        body: delivery.body,
      },
      attemptedAt,
      this.timeoutMs,
      this.stopping.signal,
    );
    if (this.stopping.signal.aborted && !result.ok) {
      // Cut short by the shutdown, not the receiver's fault: not an attempt, and due again at once elsewhere.
      await this.db
        .updateTable('webhook_deliveries')
        .set({ lease_until: null, lease_owner: null })
        .where('id', '=', delivery.id)
        .where('lease_owner', '=', this.owner)
        .execute();
      return;
    }
    await this.record(delivery, attemptedAt, result);
  }

  private async record(delivery: ClaimedDelivery, attemptedAt: number, result: AttemptResult): Promise<void> {
    const now = this.clock();
    const attempts = delivery.attempts + 1;
    const next = result.ok ? null : nextRetryAt(attempts, delivery.created_at, now);
    const state: WebhookDeliveryState = result.ok ? 'delivered' : next === null ? 'failed' : 'pending';
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: newId(attemptedAt),
          delivery_id: delivery.id,
          attempted_at: attemptedAt,
          status_code: result.statusCode,
          error: result.error,
          duration_ms: result.durationMs,
          next_retry_at: next,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          state,
          attempts,
          next_attempt_at: next,
          lease_until: null,
          lease_owner: null,
          ...(result.ok ? { delivered_at: now } : {}),
        })
        .where('id', '=', delivery.id)
        .where('lease_owner', '=', this.owner)
        .execute();
    });
  }

  /**
   * Sleeps until the earliest pending delivery nobody holds is due, at most the fallback poll. When every slot is
   * busy and something is already due, the next finished send wakes the worker instead.
   */
  private async sleepUntilNextDue(now: number): Promise<void> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    const next = row?.next == null ? null : Number(row.next);
    if (next === null) return this.sleep(this.pollMs);
    if (next <= now && this.inFlight.size >= this.concurrency) return;
    this.sleep(Math.min(Math.max(0, next - now), this.pollMs));
  }
}
