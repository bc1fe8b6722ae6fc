// Presence in realtime tests: the connection records a player writes (docs/player.md §Connection states), the
// armed onDisconnect rows, and a crashed node with the actions it left behind.

import { SERVER_TIMESTAMP } from '@marquee/protocol';
import type { TestApp } from './app';
import type { WireClient } from './realtime';

/** The record a player writes when the database reports up. */
export const connectedRecord = (id: string) => ({
  connected: true,
  connected_at: SERVER_TIMESTAMP,
  disconnected_at: null,
  id,
});

/** The record a player arms to be written when it goes away. */
export const DISCONNECTED_RECORD = {
  connected: false,
  disconnected_at: SERVER_TIMESTAMP,
  connected_at: null,
  id: null,
};

/** What the player does when the database reports up: cancel, write the connected record, arm the disconnected one. */
export async function reportUp(client: WireClient, playerId: string, sessionId: string): Promise<void> {
  const path = `players/${playerId}/connection`;
  await client.ok({ t: 'od', action: 'cancel', path });
  await client.ok({ t: 'set', path, value: connectedRecord(sessionId) });
  await client.ok({ t: 'od', action: 'set', path, value: DISCONNECTED_RECORD });
}

export const armedRows = (test: TestApp) =>
  test.app.services.db.selectFrom('armed_disconnects').selectAll().execute();

/** An onDisconnect action a crashed node left: the disconnected record of a player's connection. */
export interface OrphanAction {
  id: string;
  playerId: string;
  /** Default: `lost-{playerId}`. */
  connectionId?: string;
  /** Default 0, the earliest: any later arming supersedes it. */
  armedAt?: number;
}

/**
 * A node that died with `actions` armed: its lease, not yet expired (it runs for leaseMs from now), and the rows
 * of its actions.
 */
export async function crashedNode(
  test: TestApp,
  leaseMs: number,
  actions: readonly OrphanAction[],
  nodeId = 'crashed',
): Promise<void> {
  const { db } = test.app.services;
  await db
    .insertInto('server_nodes')
    .values({ id: nodeId, started_at: 0, lease_expires_at: test.clock() + leaseMs })
    .execute();
  if (actions.length === 0) return;
  await db
    .insertInto('armed_disconnects')
    .values(
      actions.map((action) => ({
        id: action.id,
        node_id: nodeId,
        connection_id: action.connectionId ?? `lost-${action.playerId}`,
        player_id: action.playerId,
        path: `players/${action.playerId}/connection`,
        op: JSON.stringify({
          seq: 1,
          action: 'set',
          value: DISCONNECTED_RECORD,
          principal: { kind: 'player', uid: action.playerId },
        }),
        created_at: action.armedAt ?? 0,
      })),
    )
    .execute();
}
