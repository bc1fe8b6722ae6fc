import { Badge, Group, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@marquee/management-api';
import { formatDateTime } from '../common/time';
import { AuditDiff } from './AuditDiff';

/** One entry: a row that opens to its before and after. */
export function AuditRow({ entry, open, onToggle }: { entry: AuditEntry; open: boolean; onToggle(): void }) {
  return (
    <>
      <Table.Tr
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        aria-expanded={open}
        data-testid={`audit-row-${entry.id}`}
      >
        <Table.Td>{formatDateTime(entry.at)}</Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{entry.actor.name}</Text>
            {entry.actor.kind === 'apiKey' && (
              <Badge size="xs" variant="outline" tt="none">
                API key
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace">
            {entry.action}
          </Text>
        </Table.Td>
        <Table.Td>
          {entry.target.type}
          {entry.target.id !== null && (
            <Text span size="xs" c="dimmed" ff="monospace">
              {' '}
              {entry.target.id}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{entry.ip ?? '—'}</Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <AuditDiff before={entry.before} after={entry.after} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
