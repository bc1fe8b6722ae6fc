// One HTTP attempt of a delivery (docs/webhooks.md §Signature, §Retries): a JSON POST with the event headers and a
// fresh signature, under a time-out, so a receiver that hangs costs one slot for that long and nothing else.
// Redirects are not followed (a 3xx is a failure): the signed body goes only where the operator said.

import { signatureHeader } from './webhookSignature';

export const USER_AGENT = 'Marquee-Webhooks/1';
export const DEFAULT_SEND_TIMEOUT_MS = 10_000;
/** Longest error text kept per attempt. */
const ERROR_MAX_LENGTH = 300;

export interface OutgoingDelivery {
  id: string;
  eventId: string;
  event: string;
  url: string;
  secret: string;
  body: string;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  const text =
    typeof cause?.code === 'string'
      ? `${cause.code}${typeof cause.message === 'string' ? `: ${cause.message}` : ''}`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, ERROR_MAX_LENGTH);
}

/**
 * Sends `delivery` once. `nowMs` is the injected clock (the signature's time); `stop` aborts it early (the node
 * shutting down). Never throws: every outcome is an AttemptResult.
 */
export async function sendDelivery(
  delivery: OutgoingDelivery,
  nowMs: number,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop === undefined ? timeout : AbortSignal.any([timeout, stop]);
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'marquee-event': delivery.event,
        'marquee-event-id': delivery.eventId,
        'marquee-delivery': delivery.id,
        'marquee-signature': signatureHeader(delivery.secret, delivery.body, nowMs),
      },
      body: delivery.body,
    });
    // The answer's body is not needed; dropping it frees the connection.
    await response.body?.cancel().catch(() => {});
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      error: ok ? null : `answered ${response.status}`,
      durationMs: durationMs(),
    };
  } catch (error) {
    return {
      ok: false,
      statusCode: null,
      error: describe(error, timeout.aborted, timeoutMs),
      durationMs: durationMs(),
    };
  }
}
