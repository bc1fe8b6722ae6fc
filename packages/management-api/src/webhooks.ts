// Webhooks (docs/webhooks.md): an organisation's HTTP receivers for events, each with its own signing secret, and
// the deliveries sent to them with every attempt. The event names are in webhookEvents.ts.

import { z } from 'zod';
import { PageQuerySchema } from './diagnostics';
import { WEBHOOK_EVENT_TYPES } from './webhookEvents';

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Webhooks one organisation may have. */
export const MAX_WEBHOOKS_PER_ORG = 20;

// The WHATWG URL of Node and browsers; this package compiles without DOM or Node types, so it says what it uses.
declare const URL: new (text: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
};

/**
 * What is wrong with a receiver's URL, or null. Only http and https; private and loopback addresses are allowed on
 * purpose (a self-hosted install calls receivers on its own network). Credentials in the URL are refused: they would
 * be sent to every redirect target and logged with the URL; receivers authenticate deliveries by the signature.
 */
export function webhookUrlProblem(text: string): string | null {
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must be an http or https URL, not ${url.protocol.slice(0, -1)}`;
  }
  if (url.hostname === '') return 'must name a host';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  return null;
}

const url = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .superRefine((text, context) => {
    const problem = webhookUrlProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem, input: text });
  });

const knownEvents: readonly string[] = WEBHOOK_EVENT_TYPES;

/** Each unknown event is named at its index (events.2), with the list of known ones. */
const events = z
  .array(z.string().max(100))
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .superRefine((list, context) => {
    list.forEach((name, index) => {
      if (!knownEvents.includes(name)) {
        context.addIssue({
          code: 'custom',
          message: `unknown event ${JSON.stringify(name)} (known: ${WEBHOOK_EVENT_TYPES.join(', ')})`,
          path: [index],
          input: name,
        });
      }
    });
  })
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((name) => list.includes(name)));

export const WebhookRequestSchema = z.strictObject({
  url,
  events,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).optional(),
});
export type WebhookRequest = z.input<typeof WebhookRequestSchema>;
export type WebhookInput = z.output<typeof WebhookRequestSchema>;

export const WebhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  createdAt: z.number(),
});
export type WebhookView = z.output<typeof WebhookViewSchema>;

/** The answer of POST /webhooks: the only time the signing secret is answered. */
export const CreatedWebhookSchema = WebhookViewSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.output<typeof CreatedWebhookSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookViewSchema) });
export type WebhookList = z.output<typeof WebhookListSchema>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const AttemptViewSchema = z.object({
  /** When the attempt was made (epoch ms). */
  at: z.number(),
  /** The receiver's HTTP status; null when no answer came (time-out, refused connection). */
  statusCode: z.number().nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  durationMs: z.number(),
  /** When the next attempt is due after this one; null when this one delivered or was the last. */
  nextRetryAt: z.number().nullable(),
});
export type AttemptView = z.output<typeof AttemptViewSchema>;

export const DeliveryViewSchema = z.object({
  id: z.string(),
  /** The event's idempotency id (Marquee-Event-Id). */
  eventId: z.string(),
  event: z.string(),
  state: z.enum(DELIVERY_STATES),
  createdAt: z.number(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: z.number().nullable(),
  /** Oldest first. */
  attempts: z.array(AttemptViewSchema),
});
export type DeliveryView = z.output<typeof DeliveryViewSchema>;

export const DeliveryQuerySchema = PageQuerySchema;
export const DeliveryPageSchema = z.object({
  deliveries: z.array(DeliveryViewSchema),
  nextCursor: z.string().nullable(),
});
export type DeliveryPage = z.output<typeof DeliveryPageSchema>;

/** The answer of POST /webhooks/{id}/test: the test delivery, stored and on its way. */
export const TestDeliverySchema = z.object({ eventId: z.string(), deliveryId: z.string() });
export type TestDelivery = z.output<typeof TestDeliverySchema>;
