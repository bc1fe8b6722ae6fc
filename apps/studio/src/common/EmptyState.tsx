import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
