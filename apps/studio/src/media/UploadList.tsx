import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Upload } from './useUploads';

export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss(key: string): void }) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Uploads">
      {uploads.map((upload) => (
        <Paper key={upload.key} withBorder p="sm" radius="sm" data-testid="upload">
          <Group justify="space-between" mb={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate>
              {upload.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c={upload.state === 'failed' ? 'red' : 'dimmed'}>
                {upload.state === 'failed'
                  ? 'Failed'
                  : upload.state === 'done'
                    ? 'Uploaded'
                    : `${Math.round(upload.progress * 100)}%`}
              </Text>
              {upload.state !== 'uploading' && (
                <CloseButton
                  size="sm"
                  aria-label={`Dismiss ${upload.name}`}
                  onClick={() => onDismiss(upload.key)}
                />
              )}
            </Group>
          </Group>
          <Progress
            value={upload.progress * 100}
            color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'teal' : 'blue'}
            animated={upload.state === 'uploading'}
            aria-label={`Upload progress of ${upload.name}`}
          />
          {upload.error !== undefined && (
            <Text size="xs" c="red" mt={6}>
              {upload.error}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
