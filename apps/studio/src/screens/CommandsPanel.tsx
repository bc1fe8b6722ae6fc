import { Badge, Button, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { Command } from '../api/types';
import { formatDateTime } from '../common/time';
import { COMMANDS, commandLabel, type CommandInfo } from './commandCatalog';

export interface CommandsPanelProps {
  commands: Command[] | undefined;
  sending: string | null;
  disabled: boolean;
  onSend(command: CommandInfo): void;
}

export function CommandsPanel({ commands, sending, disabled, onSend }: CommandsPanelProps) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="xs">
          Send a command
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          A command waits on the screen until its player takes it, even if it is offline now, and shows as
          acknowledged once done.
        </Text>
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
          {COMMANDS.map((command) => (
            <Tooltip key={command.name} label={command.description} multiline w={220} withArrow>
              <Button
                variant={command.confirm === undefined ? 'light' : 'outline'}
                color={command.confirm === undefined ? 'blue' : 'red'}
                loading={sending === command.name}
                disabled={disabled}
                onClick={() => onSend(command)}
              >
                {command.label}
              </Button>
            </Tooltip>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="sm">
          Recent commands
        </Title>
        {commands === undefined || commands.length === 0 ? (
          <Text c="dimmed" size="sm">
            No commands sent yet. Try Take screenshot to see what the screen shows.
          </Text>
        ) : (
          <Table verticalSpacing="xs" aria-label="Recent commands">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Command</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Acknowledged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {commands.map((command) => (
                <Table.Tr key={command.id} data-command={command.command} data-state={command.state}>
                  <Table.Td>{commandLabel(command.command)}</Table.Td>
                  <Table.Td>
                    <Badge color={command.state === 'pending' ? 'yellow' : 'teal'} variant="light">
                      {command.state === 'pending' ? 'Pending' : 'Acknowledged'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(command.raisedAt)}</Table.Td>
                  <Table.Td>{formatDateTime(command.acknowledgedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
