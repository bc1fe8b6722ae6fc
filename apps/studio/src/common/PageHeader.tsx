import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="nowrap">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description !== undefined && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}
