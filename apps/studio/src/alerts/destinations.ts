// Where a rule's alerts go, as a list reads it: '2 webhooks, ops@example.com'.

import type { AlertRuleView } from '@marquee/management-api';

export function describeDestinations(rule: Pick<AlertRuleView, 'webhookIds' | 'emails'>): string {
  const webhooks =
    rule.webhookIds.length === 0
      ? []
      : [`${rule.webhookIds.length} ${rule.webhookIds.length === 1 ? 'webhook' : 'webhooks'}`];
  const parts = [...webhooks, ...rule.emails];
  return parts.length === 0 ? 'Nowhere yet' : parts.join(', ');
}
