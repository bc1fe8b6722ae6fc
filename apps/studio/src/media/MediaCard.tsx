import { AspectRatio, Badge, Button, Card, FileButton, Group, Text } from '@mantine/core';
import { useServices } from '../api/context';
import type { Media } from '../api/types';
import { formatDateTime, formatSize } from '../common/time';
import { mediaSrc } from './mediaSrc';
import { Allowed } from '../access/Allowed';

export const ACCEPTED_MEDIA = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm';

export function MediaCard({
  file,
  onReplace,
  onDelete,
}: {
  file: Media;
  onReplace(file: File): void;
  onDelete(): void;
}) {
  const src = mediaSrc(file.url, useServices().config.apiUrl);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="media-card">
      <Card.Section>
        <AspectRatio ratio={16 / 9} bg="dark.8">
          {file.kind === 'image' ? (
            <img src={src} alt={file.filename} style={{ objectFit: 'contain' }} />
          ) : (
            <video src={src} muted preload="metadata" style={{ objectFit: 'contain' }} />
          )}
        </AspectRatio>
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Text fw={600} size="sm" truncate title={file.filename}>
          {file.filename}
        </Text>
        <Badge variant="light" color={file.kind === 'image' ? 'grape' : 'cyan'}>
          {file.kind}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatSize(file.size)} · {formatDateTime(file.createdAt)}
      </Text>
      <Group gap="xs" mt="sm">
        <Allowed route="replaceMedia" what="replace media" hide>
          <FileButton accept={ACCEPTED_MEDIA} onChange={(picked) => picked && onReplace(picked)}>
            {(props) => (
              <Button {...props} size="xs" variant="default">
                Replace
              </Button>
            )}
          </FileButton>
        </Allowed>
        <Allowed route="deleteMedia" what="delete media" hide>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
            Delete
          </Button>
        </Allowed>
      </Group>
    </Card>
  );
}
