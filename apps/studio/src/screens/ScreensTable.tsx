import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatAgo } from '../common/time';
import type { Screen } from '../api/types';
import type { LiveConnection } from '../live/useLiveConnections';
import { isOnline } from './liveStatus';
import { StatusBadge } from './StatusBadge';

export interface ScreensTableProps {
  screens: Screen[];
  live: ReadonlyMap<string, LiveConnection>;
  now: number;
}

export function ScreensTable({ screens, live, now }: ScreensTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Screens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Screen</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last heartbeat</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>Uptime</Table.Th>
            <Table.Th>Showing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {screens.map((screen) => {
            const items = screen.content.items.length;
            return (
              <Table.Tr key={screen.id} data-testid={`screen-row-${screen.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/screens/${screen.id}`} fw={600}>
                    {screen.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <StatusBadge
                    online={isOnline(screen, live)}
                    overdue={screen.status.heartbeatOverdue}
                    paired={screen.playerId !== null}
                  />
                </Table.Td>
                <Table.Td>{formatAgo(screen.status.lastHeartbeatAt, now)}</Table.Td>
                <Table.Td>{screen.status.platform ?? '—'}</Table.Td>
                <Table.Td>{screen.status.version ?? '—'}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {screen.status.ip ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{screen.status.uptime ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={items === 0 ? 'dimmed' : undefined}>
                    {items === 0
                      ? 'Nothing yet'
                      : items === 1
                        ? `1 ${screen.content.items[0]?.type === 'url' ? 'web page' : screen.content.items[0]?.type}`
                        : `Playlist of ${items}`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
