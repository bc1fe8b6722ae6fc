// A stand-in for the webhook service until it is merged in (issue 15): it logs what would be delivered. At merge,
// services.ts passes services.webhooks instead and this file goes.

import type { WebhookEventSink } from '../webhooks/webhookEventSink';

export function pendingWebhookSink(log: (message: string) => void): WebhookEventSink {
  return {
    async emit(orgId, event, _data, options) {
      log(
        `webhook event ${event} of organisation ${orgId} (${options?.eventId ?? 'no id'}) not delivered: no webhook service yet`,
      );
    },
  };
}
