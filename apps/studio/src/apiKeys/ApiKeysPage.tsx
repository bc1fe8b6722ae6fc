import { useState } from 'react';
import { Alert, Button, Code, Stack, Table } from '@mantine/core';
import type { ApiKeyView } from '@marquee/management-api';
import { useAccess } from '../access/useAccess';
import { grantableRoles } from '../access/grantableRoles';
import { useApiKeys, useRevokeApiKey } from '../api/apiKeys';
import { EmptyState } from '../common/EmptyState';
import { ListTable } from '../common/ListTable';
import { PageHeader } from '../common/PageHeader';
import { QueryStatus } from '../common/QueryStatus';
import { RoleBadge } from '../common/RoleBadge';
import { formatDateTime } from '../common/time';
import { useConfirm } from '../common/useConfirm';
import { ApiKeyDialog } from './ApiKeyDialog';
import type { KeyRole } from './useCreateApiKeyForm';

const DESCRIPTION =
  'Keys for your integrations (a booking system, a POS, a CI job): they do not expire and belong to no person.';

export function ApiKeysPage() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const confirm = useConfirm();
  const roles = grantableRoles(useAccess().role).filter((role): role is KeyRole => role !== 'owner');
  const [creating, setCreating] = useState(false);
  const requestRevoke = (key: ApiKeyView) =>
    confirm(
      'Revoke API key',
      `Are you sure you want to revoke ${key.name}? Integrations using it are refused at once.`,
      () => revoke.mutate(key.id),
    );
  const newButton = <Button onClick={() => setCreating(true)}>New API key</Button>;
  return (
    <Stack gap="lg">
      <PageHeader title="API keys" description={DESCRIPTION} actions={newButton} />
      {creating && <ApiKeyDialog roles={roles} onClose={() => setCreating(false)} />}
      {revoke.error !== null && (
        <Alert color="red" role="alert">
          {revoke.error.message}
        </Alert>
      )}
      <QueryStatus query={keys} title="Could not load your API keys" />
      <ListTable
        items={keys.data}
        label="API keys"
        headers={['Name', 'Key', 'Role', 'Created by', 'Last used', '']}
        empty={
          <EmptyState title="No API keys yet" action={newButton}>
            An integration sends its key as a bearer token to every /api/v1 route its role allows.
          </EmptyState>
        }
      >
        {(key) => (
          <Table.Tr key={key.id}>
            <Table.Td fw={600}>{key.name}</Table.Td>
            <Table.Td>
              <Code>{key.prefix}…</Code>
            </Table.Td>
            <Table.Td>
              <RoleBadge role={key.role} />
            </Table.Td>
            <Table.Td>{key.createdBy ?? '—'}</Table.Td>
            <Table.Td>{key.lastUsedAt === null ? 'Never' : formatDateTime(key.lastUsedAt)}</Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => requestRevoke(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}
