import { Badge, Modal, Table, Text } from '@mantine/core';
import type { WebhookView } from '@marquee/management-api';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { QueryStatus } from '../common/QueryStatus';
import { formatDateTime } from '../common/time';
import { DELIVERY_STATE_COLOURS, lastOutcome, nextStep } from './deliverySummary';
import { useDeliveries } from './webhookApi';

/** The newest deliveries of a webhook: state, attempts, the last outcome and the next retry. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: WebhookView; onClose(): void }) {
  const deliveries = useDeliveries(webhook.id);
  return (
    <Modal opened onClose={onClose} title={`Deliveries to ${webhook.url}`} size="xl">
      <QueryStatus query={deliveries} title="Could not load the deliveries" />
      <ListTable
        items={deliveries.data?.deliveries}
        label="Deliveries"
        spacing="xs"
        headers={['Event', 'Created', 'State', 'Attempts', 'Last attempt', 'Next']}
        empty={
          <EmptyState title="No deliveries yet">
            Events this webhook subscribes to show here as they are sent. Send a test event to try it.
          </EmptyState>
        }
      >
        {(delivery) => (
          <Table.Tr key={delivery.id} data-testid={`delivery-row-${delivery.id}`}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {delivery.event}
              </Text>
            </Table.Td>
            <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
            <Table.Td>
              <Badge color={DELIVERY_STATE_COLOURS[delivery.state]} variant="light">
                {delivery.state}
              </Badge>
            </Table.Td>
            <Table.Td>{delivery.attempts.length}</Table.Td>
            <Table.Td>{lastOutcome(delivery)}</Table.Td>
            <Table.Td>{nextStep(delivery)}</Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Modal>
  );
}
