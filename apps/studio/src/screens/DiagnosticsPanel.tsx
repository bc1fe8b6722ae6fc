import {
  Accordion,
  Badge,
  Code,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { LogLine } from '../api/types';
import { formatDateTime } from '../common/time';
import { deviceFacts } from './deviceFacts';

const LEVEL_COLOR: Record<string, string> = {
  error: 'red',
  warn: 'yellow',
  info: 'blue',
  debug: 'gray',
  log: 'gray',
};

export function DiagnosticsPanel({
  device,
  deviceAt,
  logs,
}: {
  device: unknown;
  deviceAt: number | null;
  logs: LogLine[] | undefined;
}) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb={4}>
          Device record
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {device === null || device === undefined
            ? 'The player has not sent its device record yet. Send Update device info.'
            : `Received ${formatDateTime(deviceAt)}`}
        </Text>
        {device !== null && device !== undefined && (
          <>
            <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm" mb="md">
              {deviceFacts(device).map((fact) => (
                <Stack gap={0} key={fact.label}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {fact.label}
                  </Text>
                  <Text size="sm" lineClamp={2} title={fact.value}>
                    {fact.value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Accordion variant="contained" radius="sm">
              <Accordion.Item value="record">
                <Accordion.Control>Full device record</Accordion.Control>
                <Accordion.Panel>
                  <ScrollArea.Autosize mah={320}>
                    <Code block>{JSON.stringify(device, null, 2)}</Code>
                  </ScrollArea.Autosize>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </>
        )}
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="sm">
          Recent logs
        </Title>
        {logs === undefined || logs.length === 0 ? (
          <Text size="sm" c="dimmed">
            No log lines from this screen yet.
          </Text>
        ) : (
          <Table verticalSpacing={6} aria-label="Recent logs">
            <Table.Tbody>
              {logs.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td w={190}>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(line.time ?? line.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={80}>
                    <Badge size="sm" variant="light" color={LEVEL_COLOR[line.level] ?? 'gray'}>
                      {line.level}
                    </Badge>
                  </Table.Td>
                  <Table.Td w={130}>
                    {line.service !== null && (
                      <Text size="xs" c="dimmed" ff="monospace" title="Sent by">
                        {line.service}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{line.message}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
