import { useState } from 'react';
import { Button, Group as Row, Stack, Table } from '@mantine/core';
import type { AlertRuleView } from '@marquee/management-api';
import { useGroups } from '../api/groups';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { useConfirm } from '../common/useConfirm';
import { describeTargets } from '../targets/targets';
import { AlertRuleDialog } from './AlertRuleDialog';
import { useAlertRules, useDeleteAlertRule } from './alertRulesApi';
import { describeDestinations } from './destinations';
import { describeThreshold } from './threshold';
import { DeleteRowButton } from '../common/DeleteRowButton';

/** The rule being edited: null for a new one; undefined when no dialog is open. */
type Editing = AlertRuleView | null | undefined;

export function AlertsPage() {
  const rules = useAlertRules();
  const groups = useGroups();
  const remove = useDeleteAlertRule();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(undefined);
  const groupNames = new Map((groups.data ?? []).map((group) => [group.id, group.name]));
  const newButton = <Button onClick={() => setEditing(null)}>New alert rule</Button>;
  const requestDelete = (rule: AlertRuleView) =>
    confirm('Delete alert rule', `Are you sure you want to delete ${rule.name}?`, () =>
      remove.mutate(rule.id),
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Alerts"
        description="Be told when a screen goes offline, before your customer does."
        actions={newButton}
      />
      {editing !== undefined && <AlertRuleDialog rule={editing} onClose={() => setEditing(undefined)} />}
      <QueryStatus query={rules} title="Could not load your alert rules" />
      <ListTable
        items={rules.data}
        label="Alert rules"
        headers={['Name', 'Screens', 'Offline for', 'When back', 'Sent to', '']}
        empty={
          <EmptyState title="No alert rules yet" action={newButton}>
            Choose screens and how long they may be offline; alerts go to your webhooks and email addresses.
          </EmptyState>
        }
      >
        {(rule) => (
          <Table.Tr key={rule.id} data-testid={`alert-rule-row-${rule.id}`}>
            <Table.Td fw={600}>{rule.name}</Table.Td>
            <Table.Td>{describeTargets(rule.targets, groupNames)}</Table.Td>
            <Table.Td>{describeThreshold(rule.offlineAfterSeconds)}</Table.Td>
            <Table.Td>{rule.notifyRecovery ? 'Notify' : '—'}</Table.Td>
            <Table.Td>{describeDestinations(rule)}</Table.Td>
            <Table.Td>
              <Row gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setEditing(rule)}>
                  Edit
                </Button>
                <DeleteRowButton name={rule.name} onClick={() => requestDelete(rule)} />
              </Row>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
