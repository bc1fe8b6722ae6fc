// How a delivery reads in the deliveries list: its last attempt's outcome and what comes next.

import type { DeliveryView } from '@marquee/management-api';
import { formatDateTime } from '../common/time';

export const DELIVERY_STATE_COLOURS: Record<DeliveryView['state'], string> = {
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
};

/** The last attempt's outcome: its HTTP status or why no answer came; 'not tried yet' before the first. */
export function lastOutcome(delivery: DeliveryView): string {
  const last = delivery.attempts[delivery.attempts.length - 1];
  if (last === undefined) return 'not tried yet';
  const outcome = last.statusCode !== null ? `HTTP ${last.statusCode}` : (last.error ?? 'failed');
  return `${outcome} in ${last.durationMs} ms`;
}

/** When it is tried again, or why it is not. */
export function nextStep(delivery: DeliveryView): string {
  if (delivery.state === 'delivered') return 'delivered';
  if (delivery.state === 'failed') return 'gave up (24 h after the event)';
  return delivery.nextAttemptAt === null ? 'soon' : formatDateTime(delivery.nextAttemptAt);
}
