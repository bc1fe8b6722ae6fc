// The events a webhook can subscribe to (docs/webhooks.md §Events). Deliveries of an alert rule (alert rules name
// their webhooks) carry the same event names, with the rule in the event's data.

export const WEBHOOK_EVENT_TYPES = [
  /** A screen went offline (no realtime connection and no fresh heartbeat for the organisation's threshold). */
  'screen.offline',
  /** A screen that was offline is back. */
  'screen.online',
  /** A player acknowledged (ran) a command sent to it. */
  'command.acknowledged',
  /** An emergency override reached its screens (with how many have applied it). */
  'override.applied',
  /** Half or more of an organisation's screens went offline within 2 minutes: one incident, not one per screen. */
  'fleet.incident',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of POST /webhooks/{id}/test: sent only to that webhook, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type DeliveredEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;
