// Each node's health monitor (docs/screen-health.md §The monitor): a heartbeat brings an offline screen back at once
// (event-driven), and a short sweep notices what no request tells the server: a screen that connected, and one that
// went silent. Transitions are claimed in the database (healthTransitions.ts), so with several nodes each is
// recorded and announced once, under an event id made of the screen and the transition's time. For the first two
// heartbeat periods after a start no offline transition is claimed: a restarted node has not heard from anyone yet.

import type { Kysely } from 'kysely';
import { HEARTBEAT_INTERVAL_MS } from '@marquee/protocol';
import type { DatabaseDialect } from '../db/database';
import type { Database, ScreenHealth } from '../db/schema';
import type { EmittedEvent, WebhookEventSink } from '../webhooks/webhookEventSink';
import { HealthTransitions, touchLastSeen, type HealthTransition } from './healthTransitions';
import { healthChanges } from './healthChanges';
import { PRESENCE_PAGE_SIZE, PresenceReader, type Presence } from './presence';

/** After a start, no offline transition (nor alert) for two heartbeat periods. */
export const START_GRACE_MS = 2 * HEARTBEAT_INTERVAL_MS;
/**
 * How old a live connection's stored last sighting may grow before a sweep raises it: half the offline threshold
 * (at least 15 s), so with a sweep every 10 s it stays younger than the threshold and a node reading the screen as
 * gone cannot claim it offline. Every 15 s at the default 90 s threshold, the sweeping node wrote a 20,000-screen
 * fleet's rows 1,000 times a second for as long as the fleet was connected; every 45 s, 400.
 */
const touchSlackMs = (offlineAfterMs: number) => Math.max(15_000, offlineAfterMs / 2);

export interface HealthMonitorOptions {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  clock: () => number;
  events: WebhookEventSink;
  /** Without a live connection or a heartbeat for longer than this, a screen is offline. */
  offlineAfterMs: number;
  /** When this node started (default: the clock at construction). */
  startedAt?: number;
  onError: (error: unknown, context: string) => void;
  /** Screens read per statement by a sweep (default PRESENCE_PAGE_SIZE). */
  pageSize?: number;
}

/** What one sweep saw: every paired screen's presence and its health as stored after the sweep. */
export interface SweepResult {
  now: number;
  presence: Presence[];
  /**
   * Every screen's health as stored after the sweep, read on the first call (then the same map): only the alert
   * engine needs it, and only for an organisation with rules. Reading it at every sweep of a 20,000-screen fleet
   * cost as much as reading the presence.
   */
  health: () => Promise<Map<string, ScreenHealth>>;
  /** True while the start grace lasts: no offline transition or alert yet. */
  inGrace: boolean;
}

export const transitionEventId = (transition: HealthTransition) =>
  `screen.${transition.state}:${transition.screenId}:${transition.since}`;

export class HealthMonitor {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly events: WebhookEventSink;
  private readonly onError: HealthMonitorOptions['onError'];
  private readonly transitions: HealthTransitions;
  readonly offlineAfterMs: number;
  readonly startedAt: number;
  private readonly pageSize: number;
  /** Remembers each player's connection record between sweeps, so a sweep parses only the documents that changed. */
  private readonly presence: PresenceReader;

  constructor(options: HealthMonitorOptions) {
    this.pageSize = options.pageSize ?? PRESENCE_PAGE_SIZE;
    this.db = options.db;
    this.clock = options.clock;
    this.events = options.events;
    this.offlineAfterMs = options.offlineAfterMs;
    this.onError = options.onError;
    this.startedAt = options.startedAt ?? options.clock();
    this.transitions = new HealthTransitions(options.db);
    this.presence = new PresenceReader(options.db, options.dialect, this.pageSize);
  }

  inGrace(now = this.clock()): boolean {
    return now < this.startedAt + START_GRACE_MS;
  }

  /** A heartbeat arrived from `playerId` at `at`: its screen is seen, and back online if it was offline. */
  async heartbeatReceived(playerId: string, at: number): Promise<void> {
    const row = await this.db
      .selectFrom('screen_health')
      .innerJoin('players', 'players.screen_id', 'screen_health.screen_id')
      .innerJoin('screens', 'screens.id', 'screen_health.screen_id')
      .select(['screen_health.screen_id', 'screen_health.org_id', 'screen_health.state', 'screens.name'])
      .where('players.id', '=', playerId)
      .executeTakeFirst();
    if (row === undefined) return; // the next sweep records its first health
    await touchLastSeen(this.db, [row.screen_id], at, 0);
    if (row.state === 'offline') {
      const transition = { orgId: row.org_id, screenId: row.screen_id, state: 'online' as const, since: at };
      const won = await this.transitions.claim([transition], at, at - this.offlineAfterMs);
      await this.announce(won, () => row.name);
    }
  }

  /** Looks at every paired screen once: records first sightings, comebacks and (after the grace) silences. */
  async sweep(): Promise<SweepResult> {
    const now = this.clock();
    const inGrace = this.inGrace(now);
    const presence = await this.presence.read();
    const stored = await this.readHealth();
    // Only the screens whose stored sighting this node read as old: the others' rows are not even looked at (in a
    // reconnect storm on three nodes, probing every connected screen's row took 1.25 s of PostgreSQL's 10.4).
    const slackMs = touchSlackMs(this.offlineAfterMs);
    await touchLastSeen(
      this.db,
      presence
        .filter(
          (screen) => screen.connected && (stored.get(screen.screenId)?.last_seen_at ?? now) < now - slackMs,
        )
        .map((screen) => screen.screenId),
      now,
      slackMs,
    );
    const { firsts, transitions, names } = await healthChanges(presence, stored, {
      now,
      inGrace,
      offlineAfterMs: this.offlineAfterMs,
    });
    try {
      await this.transitions.recordFirst(firsts, now);
    } catch (error) {
      this.onError(error, `first health of ${firsts.length} screens`);
    }
    const won = await this.transitions.claim(transitions, now, now - this.offlineAfterMs, this.onError);
    await this.announce(won, (screenId) => names.get(screenId) ?? '');
    let health: Promise<Map<string, ScreenHealth>> | undefined;
    return { now, presence, health: () => (health ??= this.readHealth()), inGrace };
  }

  /**
   * Every screen's stored health, a page at a time as presence is read: in one statement, a fleet of 20,000 screens
   * held the event loop (SQLite answers synchronously) for a tenth of a second at every sweep.
   */
  private async readHealth(): Promise<Map<string, ScreenHealth>> {
    const health = new Map<string, ScreenHealth>();
    for (let after: string | null = null; ;) {
      let query = this.db.selectFrom('screen_health').selectAll();
      if (after !== null) query = query.where('screen_id', '>', after);
      const rows = await query.orderBy('screen_id').limit(this.pageSize).execute();
      for (const row of rows) health.set(row.screen_id, row);
      if (rows.length < this.pageSize) return health;
      after = rows[rows.length - 1]!.screen_id;
    }
  }

  /** Announces recorded transitions, an organisation's in one emit (its webhooks read once). */
  private async announce(
    transitions: readonly HealthTransition[],
    nameOf: (screenId: string) => string,
  ): Promise<void> {
    const byOrg = new Map<string, EmittedEvent[]>();
    for (const transition of transitions) {
      const events = byOrg.get(transition.orgId) ?? [];
      if (events.length === 0) byOrg.set(transition.orgId, events);
      events.push({
        event: `screen.${transition.state}`,
        data: {
          screenId: transition.screenId,
          screenName: nameOf(transition.screenId),
          state: transition.state,
          since: new Date(transition.since).toISOString(),
        },
        eventId: transitionEventId(transition),
      });
    }
    for (const [orgId, events] of byOrg) {
      try {
        await this.events.emitMany(orgId, events);
      } catch (error) {
        this.onError(error, `announcing ${events.length} health transitions of organisation ${orgId}`);
      }
    }
  }
}
