// The Marquee-Signature header of a delivery (docs/webhooks.md §Signature): t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>"> keyed by the webhook's secret. The time is inside the signed text, so a receiver that refuses
// old timestamps cannot be replayed an old delivery.

import { createHmac, randomBytes } from 'node:crypto';

/** Prefix of every signing secret, so one found in a log or a config file says what it is. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** The header value for `body` sent at `nowMs`; the HMAC key is the secret's text as UTF-8. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
