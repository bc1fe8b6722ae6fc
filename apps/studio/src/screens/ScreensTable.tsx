import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatAgo } from '../common/time';
import type { Screen } from '../api/types';
import type { LiveConnection } from '../live/useLiveConnections';
import { isOnline } from './liveStatus';
import { showingOf } from './showing';
import { HealthSince } from './HealthSince';
import { StatusBadge } from './StatusBadge';

export interface ScreensTableProps {
  screens: Screen[];
  live: ReadonlyMap<string, LiveConnection>;
  now: number;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(): void;
}

export function ScreensTable({ screens, live, now, selected, onToggle, onToggleAll }: ScreensTableProps) {
  const onPage = screens.filter((screen) => selected.has(screen.id)).length;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Screens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select every screen on this page"
                checked={onPage > 0 && onPage === screens.length}
                indeterminate={onPage > 0 && onPage < screens.length}
                onChange={onToggleAll}
              />
            </Table.Th>
            <Table.Th>Screen</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Tags</Table.Th>
            <Table.Th>Time zone</Table.Th>
            <Table.Th>Last heartbeat</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>Uptime</Table.Th>
            <Table.Th>Showing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {screens.map((screen) => (
            <Table.Tr key={screen.id} data-testid={`screen-row-${screen.id}`}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${screen.name}`}
                  checked={selected.has(screen.id)}
                  onChange={() => onToggle(screen.id)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/screens/${screen.id}`} fw={600}>
                  {screen.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <StatusBadge
                    online={isOnline(screen, live)}
                    overdue={screen.status.heartbeatOverdue}
                    paired={screen.playerId !== null}
                  />
                  {screen.timeline.behind && (
                    <Badge
                      color="orange"
                      variant="light"
                      title="The player has not applied its latest timeline"
                    >
                      Behind
                    </Badge>
                  )}
                </Group>
                {screen.playerId !== null && <HealthSince health={screen.health} now={now} />}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {screen.tags.map((tag) => (
                    <Badge key={tag} variant="outline" size="sm" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {screen.timezone}
                  {screen.timezoneSource === 'pinned' && (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (pinned)
                    </Text>
                  )}
                </Text>
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
                <Text size="sm" c={screen.content.items.length === 0 ? 'dimmed' : undefined}>
                  {showingOf(screen)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
