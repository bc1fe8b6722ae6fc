// override.applied (docs/webhooks.md §Events), at two moments an integrator can act on: 'issued' once the override
// is written to its screens' timelines (with how many it targets and how many show it already), and 'complete'
// once every targeted screen's player has reported a content version that carries it. Each moment has its own
// idempotency id, so screens finishing at once on two nodes still send 'complete' once.

import type { OverrideView } from '@marquee/management-api';
import type { WebhookEventSink } from './webhookEventSink';

export type OverrideStage = 'issued' | 'complete';

export async function emitOverrideApplied(
  events: WebhookEventSink,
  orgId: string,
  override: OverrideView,
  stage: OverrideStage,
): Promise<void> {
  await events.emit(
    orgId,
    'override.applied',
    {
      overrideId: override.id,
      name: override.name,
      stage,
      targeted: override.targeted,
      applied: override.applied,
      complete: override.applied === override.targeted,
      expiresAt: override.expiresAt,
    },
    { eventId: `override.applied.${override.id}.${stage}` },
  );
}
