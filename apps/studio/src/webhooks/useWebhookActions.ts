// What the webhooks list does to one webhook: delete it (after asking), send it a test event, show its deliveries.

import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { WebhookView } from '@marquee/management-api';
import { useConfirm } from '../common/useConfirm';
import { useDeleteWebhook, useTestWebhook } from './webhookApi';

export function useWebhookActions() {
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [showing, setShowing] = useState<WebhookView | null>(null);
  return {
    adding,
    setAdding,
    /** The webhook whose deliveries are shown. */
    showing,
    setShowing,
    error: remove.error?.message ?? test.error?.message,
    requestDelete: (webhook: WebhookView) =>
      confirm(
        'Delete webhook',
        `Are you sure you want to delete the webhook to ${webhook.url}? Deliveries not yet sent are dropped.`,
        () => remove.mutate(webhook.id),
      ),
    sendTest: (webhook: WebhookView) =>
      test.mutate(webhook.id, {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: 'Test event sent',
            message: `A webhook.test event is on its way to ${webhook.url}.`,
          }),
      }),
  };
}
