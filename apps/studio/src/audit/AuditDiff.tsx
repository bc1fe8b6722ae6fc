import { Code, Table, Text } from '@mantine/core';
import { diffRows } from './auditDiff';

/** Before and after of an entry, changed keys highlighted. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) {
    return (
      <Text size="sm" c="dimmed">
        No before or after recorded for this change.
      </Text>
    );
  }
  return (
    <Table withTableBorder aria-label="Before and after">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {diffRows(before, after).map((row) => (
          <Table.Tr key={row.key} bg={row.changed ? 'yellow.0' : undefined} data-changed={row.changed}>
            <Table.Td fw={row.changed ? 700 : 400}>{row.key}</Table.Td>
            <Table.Td>
              <Code block>{row.before}</Code>
            </Table.Td>
            <Table.Td>
              <Code block>{row.after}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
