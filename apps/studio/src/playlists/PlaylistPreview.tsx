import {
  AspectRatio,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { PreviewItem } from './previewItems';
import { usePreviewCycle } from './usePreviewCycle';

export function Stage({ item }: { item: PreviewItem | undefined }) {
  if (item === undefined)
    return (
      <Text c="gray.5" ta="center">
        Nothing to preview yet
      </Text>
    );
  if (item.kind === 'image') return <img src={item.src} alt={item.label} style={{ objectFit: 'contain' }} />;
  if (item.kind === 'video')
    return (
      <video src={item.src} muted autoPlay loop style={{ objectFit: 'contain' }} aria-label={item.label} />
    );
  return (
    <Stack align="center" justify="center" gap={4} p="md">
      <Text c="gray.3" size="sm">
        {item.kind === 'url' ? 'Web page' : 'Not chosen yet'}
      </Text>
      <Text c="white" fw={600} ta="center" style={{ wordBreak: 'break-all' }}>
        {item.label}
      </Text>
    </Stack>
  );
}

export function PlaylistPreview({ items }: { items: PreviewItem[] }) {
  const cycle = usePreviewCycle(items.map((item) => item.seconds));
  const current = items[cycle.index];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Preview</Text>
        <Button size="xs" variant="default" onClick={cycle.toggle} disabled={items.length === 0}>
          {cycle.playing ? 'Pause' : 'Play'}
        </Button>
      </Group>
      <AspectRatio ratio={16 / 9} bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <div data-testid="preview-stage">
          <Stage item={current} />
        </div>
      </AspectRatio>
      <ScrollArea mt="sm" type="auto">
        <Group gap="xs" wrap="nowrap" pb={4}>
          {items.map((item, index) => (
            <UnstyledButton
              key={item.key}
              onClick={() => cycle.show(index)}
              aria-label={`Preview item ${index + 1}`}
              aria-current={index === cycle.index}
            >
              <Badge variant={index === cycle.index ? 'filled' : 'light'} tt="none">
                {index + 1}. {item.kind === 'missing' ? '—' : item.kind} · {item.seconds} s
              </Badge>
            </UnstyledButton>
          ))}
        </Group>
      </ScrollArea>
    </Paper>
  );
}
