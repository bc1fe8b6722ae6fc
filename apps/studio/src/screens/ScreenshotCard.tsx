import { Button, Center, Group, Image, Paper, Text, Title } from '@mantine/core';

export interface ScreenshotCardProps {
  url: string | null | undefined;
  requesting: boolean;
  disabled: boolean;
  onRequest(): void;
}

export function ScreenshotCard({ url, requesting, disabled, onRequest }: ScreenshotCardProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Screenshot
        </Title>
        <Button size="xs" variant="light" onClick={onRequest} loading={requesting} disabled={disabled}>
          Take screenshot
        </Button>
      </Group>
      {url ? (
        <Image
          src={url}
          alt="Latest screenshot of the screen"
          radius="sm"
          fit="contain"
          mah={260}
          bg="dark.8"
        />
      ) : (
        <Center h={140} bg="gray.1" style={{ borderRadius: 6 }}>
          <Text size="sm" c="dimmed" ta="center" px="md">
            No screenshot yet. Take one to see what the screen shows.
          </Text>
        </Center>
      )}
    </Paper>
  );
}
