// command.acknowledged (docs/webhooks.md §Events): one event per command the player's acknowledgement settled, with
// the command's id as the event's idempotency id, so an integrator can match it to the command it raised. A flag
// acknowledged with no recorded command (raised by other means) is still told, without a commandId. Players that
// are not paired to a screen belong to no organisation: nothing is emitted.

import type { Player } from '../db/schema';
import type { ClearedFlag } from '../players/commandFlags';
import type { WebhookEventSink } from './webhookEventSink';

export async function emitAcknowledged(
  events: WebhookEventSink,
  player: Player | undefined,
  command: string,
  cleared: ClearedFlag,
): Promise<void> {
  const { acknowledgedAt } = cleared;
  for (const row of cleared.commands) {
    const orgId = row.org_id ?? player?.org_id ?? null;
    if (orgId === null) continue;
    await events.emit(
      orgId,
      'command.acknowledged',
      { screenId: row.screen_id, playerId: player?.id ?? null, command, commandId: row.id, acknowledgedAt },
      { eventId: `command.acknowledged.${row.id}` },
    );
  }
  if (cleared.commands.length === 0 && player?.org_id != null && player.screen_id !== null) {
    await events.emit(player.org_id, 'command.acknowledged', {
      screenId: player.screen_id,
      playerId: player.id,
      command,
      commandId: null,
      acknowledgedAt,
    });
  }
}
