// Helpers of the screen-health tests: a webhook sink that collects what is emitted, a monitor of another node on the
// same database, and a screen's presence set by hand (its connection record, its heartbeat) at the test clock's time.

import type { DeliveredEventType } from '@marquee/management-api';
import { playerBranchPath } from '@marquee/protocol';
import type { App } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/database';
import { HealthMonitor } from '../../src/health/healthMonitor';
import type { EmitOptions, WebhookEventSink } from '../../src/webhooks/webhookEventSink';

export interface Emitted {
  orgId: string;
  event: DeliveredEventType;
  data: Record<string, unknown>;
  options: EmitOptions;
}

/** A sink that keeps everything it got (no de-duplication: the tests prove each event is emitted once). */
export function collectingSink(): WebhookEventSink & { emitted: Emitted[] } {
  const emitted: Emitted[] = [];
  return {
    emitted,
    async emit(orgId, event, data, options = {}) {
      emitted.push({ orgId, event, data, options });
    },
    async emitMany(orgId, events) {
      for (const { event, data, eventId } of events) {
        emitted.push({ orgId, event, data, options: eventId === undefined ? {} : { eventId } });
      }
    },
  };
}

/** A health monitor as another node runs it on `database` (90 s offline threshold, started long before). */
export function otherNodeMonitor(
  database: DatabaseHandle,
  clock: () => number,
  events: WebhookEventSink,
  startedAt: number,
  pageSize?: number,
): HealthMonitor {
  return new HealthMonitor({
    pageSize,
    db: database.db,
    dialect: database.dialect,
    clock,
    events,
    offlineAfterMs: 90_000,
    startedAt,
    onError: (error) => {
      throw error;
    },
  });
}

/** Writes the player's connection record as the realtime hub would: connected now, or gone at `at`. */
export async function setConnection(
  app: App,
  playerId: string,
  connected: boolean,
  at: number,
): Promise<void> {
  await app.services.documents.set(
    playerBranchPath(playerId, 'connection'),
    connected
      ? { connected: true, connected_at: at, disconnected_at: null, id: 'session-1' }
      : { connected: false, connected_at: null, disconnected_at: at, id: null },
  );
}
