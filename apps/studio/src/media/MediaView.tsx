import { Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { Media } from '../api/types';
import { EmptyState } from '../common/EmptyState';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { ACCEPTED_MEDIA, MediaCard } from './MediaCard';
import { UploadList } from './UploadList';
import type { Upload } from './useUploads';
import { Allowed } from '../access/Allowed';

export interface MediaViewProps {
  media: Media[] | undefined;
  loading: boolean;
  error: unknown;
  uploads: Upload[];
  onUpload(files: File[]): void;
  onReplace(id: string, file: File): void;
  onDelete(file: Media): void;
  onDismiss(key: string): void;
}

export function MediaView({
  media,
  loading,
  error,
  uploads,
  onUpload,
  onReplace,
  onDelete,
  onDismiss,
}: MediaViewProps) {
  return (
    <Stack gap="lg">
      <PageHeader title="Media library" description="Images and videos your screens can show." />
      <Allowed route="uploadMedia" what="upload media" hide>
        <Dropzone
          onDrop={onUpload}
          accept={ACCEPTED_MEDIA.split(',')}
          multiple
          radius="md"
          p="xl"
          aria-label="Upload media"
        >
          <Group justify="center" mih={90} style={{ pointerEvents: 'none' }}>
            <Stack gap={4} align="center">
              <Text size="lg" fw={600}>
                Drop images or videos here, or click to choose
              </Text>
              <Text size="sm" c="dimmed">
                PNG, JPEG, GIF, WebP, MP4 or WebM. They are cached on each screen for offline play.
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Allowed>
      <UploadList uploads={uploads} onDismiss={onDismiss} />
      {loading && <Loader />}
      {error !== null && error !== undefined && (
        <QueryError error={error} title="Could not load the media library" />
      )}
      {media !== undefined && media.length === 0 && (
        <EmptyState title="Your media library is empty">
          Upload a first image or video above. Then open a screen, choose <strong>Content</strong> and pick
          it, alone or in a playlist.
        </EmptyState>
      )}
      {media !== undefined && media.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
          {media.map((file) => (
            <MediaCard
              key={file.id}
              file={file}
              onReplace={(picked) => onReplace(file.id, picked)}
              onDelete={() => onDelete(file)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
