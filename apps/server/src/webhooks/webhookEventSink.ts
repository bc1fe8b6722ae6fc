// The one way server code raises an event for webhooks (docs/webhooks.md): the domain that notices something
// (screen health, commands, overrides, alert rules) emits; the webhook service stores a delivery per target and
// sends it, with its retries, from whichever node claims it.

import type { DeliveredEventType } from '@marquee/management-api';

export interface EmitOptions {
  /**
   * Deliver to exactly these webhooks of the organisation (an alert rule's), whatever events they subscribe to;
   * when absent, to every webhook of the organisation subscribed to the event.
   */
  webhookIds?: readonly string[];
  /**
   * The event's idempotency id, sent to receivers as Marquee-Event-Id. Emitting the same id twice stores its
   * deliveries once, so two nodes that notice the same thing cannot send it twice. Default: a new id.
   */
  eventId?: string;
}

/** One event of emitMany. */
export interface EmittedEvent {
  event: DeliveredEventType;
  data: Record<string, unknown>;
  /** As EmitOptions.eventId. */
  eventId?: string;
}

export interface WebhookEventSink {
  /** Stores the event's deliveries (durably, before resolving); they are sent in the background. */
  emit(
    orgId: string,
    event: DeliveredEventType,
    data: Record<string, unknown>,
    options?: EmitOptions,
  ): Promise<void>;
  /**
   * Many events of one organisation, each to the webhooks subscribed to it, as emit without webhookIds would, with
   * the organisation's webhooks read once: a fleet back after an outage is thousands of screen.online at once.
   */
  emitMany(orgId: string, events: readonly EmittedEvent[]): Promise<void>;
}
