// The frame of the studio's pages for people not signed in (sign-in, sign-up, invitations, password resets): the
// logo, one card with a title and an optional intro, and a line under the card.

import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../layout/Logo';

export interface PublicCardProps {
  title: string;
  intro?: ReactNode;
  /** Under the card: where else to go. */
  footer: ReactNode;
  children: ReactNode;
}

export function PublicCard({ title, intro, footer, children }: PublicCardProps) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w={420} gap="lg">
        <Center>
          <Logo size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} size="h3" mb={intro === undefined ? 'lg' : 4}>
            {title}
          </Title>
          {intro !== undefined && (
            <Text c="dimmed" size="sm" mb="lg">
              {intro}
            </Text>
          )}
          {children}
        </Paper>
        <Text ta="center" size="sm">
          {footer}
        </Text>
      </Stack>
    </Center>
  );
}
