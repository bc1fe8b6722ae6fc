import type { ReactNode } from 'react';
import { Paper, Table, type MantineSpacing } from '@mantine/core';

/** A list page's table: nothing while loading, `empty` for none, else a row per item under `headers`. */
export function ListTable<T>({
  items,
  empty,
  label,
  headers,
  spacing = 'sm',
  children,
}: {
  items: T[] | undefined;
  empty: ReactNode;
  label: string;
  headers: string[];
  spacing?: MantineSpacing;
  children(item: T): ReactNode;
}) {
  if (items === undefined) return null;
  if (items.length === 0) return empty;
  return (
    <Paper withBorder radius="md" p="xs">
      <Table verticalSpacing={spacing} highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items.map(children)}</Table.Tbody>
      </Table>
    </Paper>
  );
}
