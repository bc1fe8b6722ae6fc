// The summary table: each item's plays and time over the chosen days, and how its plays ended.

import { Table } from '@mantine/core';
import { formatDuration, type ItemTotal } from './playsByDay';

export function ItemTotalsTable({ items }: { items: readonly ItemTotal[] }) {
  return (
    <Table striped withTableBorder aria-label="Plays by item">
      <Table.Thead>
        <Table.Tr>
          {['Item', 'Plays', 'Time shown', 'Completed', 'Interrupted', 'Skipped', 'Errors'].map((title) => (
            <Table.Th key={title}>{title}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.key}>
            <Table.Td fw={600}>{item.name}</Table.Td>
            <Table.Td>{item.plays}</Table.Td>
            <Table.Td>{formatDuration(item.seconds)}</Table.Td>
            <Table.Td>{item.completed}</Table.Td>
            <Table.Td>{item.interrupted}</Table.Td>
            <Table.Td>{item.skipped}</Table.Td>
            <Table.Td>{item.errors}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
