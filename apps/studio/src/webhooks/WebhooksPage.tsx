import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { formatDateTime } from '../common/time';
import { DeliveriesDialog } from './DeliveriesDialog';
import { useWebhooks } from './webhookApi';
import { useWebhookActions } from './useWebhookActions';
import { WebhookDialog } from './WebhookDialog';
import { DeleteRowButton } from '../common/DeleteRowButton';

const WEBHOOKS_DESCRIPTION =
  'Your systems hear about screens going offline, commands run and overrides applied: signed JSON POSTs, ' +
  'retried for a day.';

export function WebhooksPage() {
  const webhooks = useWebhooks();
  const actions = useWebhookActions();
  const newButton = <Button onClick={() => actions.setAdding(true)}>New webhook</Button>;
  return (
    <Stack gap="lg">
      <PageHeader title="Webhooks" description={WEBHOOKS_DESCRIPTION} actions={newButton} />
      {actions.adding && <WebhookDialog onClose={() => actions.setAdding(false)} />}
      {actions.showing !== null && (
        <DeliveriesDialog webhook={actions.showing} onClose={() => actions.setShowing(null)} />
      )}
      {actions.error !== undefined && <Alert color="red">{actions.error}</Alert>}
      <QueryStatus query={webhooks} title="Could not load your webhooks" />
      <ListTable
        items={webhooks.data}
        label="Webhooks"
        headers={['URL', 'Events', 'Added', '']}
        empty={
          <EmptyState title="No webhooks yet" action={newButton}>
            Add the URL of a receiver and choose its events; each delivery is signed with a secret only you
            and Marquee know.
          </EmptyState>
        }
      >
        {(webhook) => (
          <Table.Tr key={webhook.id} data-testid={`webhook-row-${webhook.id}`}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {webhook.url}
              </Text>
              {webhook.description !== null && (
                <Text size="xs" c="dimmed">
                  {webhook.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {webhook.events.map((event) => (
                  <Badge key={event} variant="outline" size="sm" tt="none">
                    {event}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{formatDateTime(webhook.createdAt)}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => actions.sendTest(webhook)}>
                  Send test
                </Button>
                <Button size="xs" variant="default" onClick={() => actions.setShowing(webhook)}>
                  Deliveries
                </Button>
                <DeleteRowButton name={webhook.url} onClick={() => actions.requestDelete(webhook)} />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
