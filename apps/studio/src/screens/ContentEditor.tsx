import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link } from 'react-router';
import type { ContentSource, Media, ScreenPatch } from '../api/types';
import {
  DEFAULT_ITEM_SECONDS,
  checkDraft,
  draftOf,
  newRowKey,
  type ContentDraft,
  type DraftRow,
} from './contentDraft';

export interface ContentEditorProps {
  sources: ContentSource[];
  media: Media[];
  saving: boolean;
  onSave(content: NonNullable<ScreenPatch['content']>): void;
}

const mediaOptions = (media: Media[]) =>
  media.map((file) => ({ value: file.id, label: `${file.filename} (${file.kind})` }));

export function ContentEditor({ sources, media, saving, onSave }: ContentEditorProps) {
  const [draft, setDraft] = useState<ContentDraft>(() => draftOf(sources));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (change: Partial<ContentDraft>) => setDraft((d) => ({ ...d, ...change }));
  const updateRow = (key: string, change: Partial<DraftRow>) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((row) => (row.key === key ? { ...row, ...change } : row)) }));
  const addRow = (kind: DraftRow['kind']) =>
    setDraft((d) => ({
      ...d,
      rows: [...d.rows, { key: newRowKey(), kind, src: '', mediaId: null, seconds: DEFAULT_ITEM_SECONDS }],
    }));

  const save = () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onSave(checked.content);
  };
  const noMedia = media.length === 0 && (
    <Text size="sm" c="dimmed">
      Your media library is empty. <Link to="/media">Upload an image or video</Link> first.
    </Text>
  );

  return (
    <Stack gap="md">
      <SegmentedControl
        value={draft.mode}
        onChange={(mode) => update({ mode: mode as ContentDraft['mode'] })}
        data={[
          { value: 'url', label: 'Web page' },
          { value: 'media', label: 'Image or video' },
          { value: 'playlist', label: 'Playlist' },
        ]}
        aria-label="Kind of content"
      />
      {draft.mode === 'url' && (
        <TextInput
          label="Web page address"
          placeholder="https://example.com/menu"
          value={draft.url}
          error={errors.url}
          onChange={(event) => update({ url: event.currentTarget.value })}
        />
      )}
      {draft.mode === 'media' && (
        <>
          <Select
            label="Image or video"
            placeholder="Choose from the media library"
            data={mediaOptions(media)}
            value={draft.mediaId}
            error={errors.mediaId}
            searchable
            onChange={(mediaId) => update({ mediaId })}
          />
          {noMedia}
        </>
      )}
      {draft.mode === 'playlist' && (
        <Stack gap="xs">
          {draft.rows.length === 0 && (
            <Text size="sm" c={errors.rows === undefined ? 'dimmed' : 'red'}>
              {errors.rows ??
                'The playlist is empty: add web pages, images and videos, each with how long it shows.'}
            </Text>
          )}
          {draft.rows.map((row, index) => (
            <Paper key={row.key} withBorder p="sm" radius="sm" data-testid="playlist-row">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Text fw={600} w={24} mt={30} ta="right">
                  {index + 1}.
                </Text>
                {row.kind === 'url' ? (
                  <TextInput
                    label="Web page address"
                    placeholder="https://example.com"
                    value={row.src}
                    style={{ flex: 1 }}
                    error={errors[row.key]}
                    onChange={(event) => updateRow(row.key, { src: event.currentTarget.value })}
                  />
                ) : (
                  <Select
                    label="Image or video"
                    placeholder="Choose from the media library"
                    data={mediaOptions(media)}
                    value={row.mediaId}
                    style={{ flex: 1 }}
                    error={errors[row.key]}
                    onChange={(mediaId) => updateRow(row.key, { mediaId })}
                  />
                )}
                <NumberInput
                  label="Seconds"
                  min={1}
                  w={110}
                  value={row.seconds}
                  onChange={(value) =>
                    updateRow(row.key, { seconds: typeof value === 'number' ? value : Number(value) })
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  size="lg"
                  aria-label={`Remove item ${index + 1}`}
                  onClick={() => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.key !== row.key) }))}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={() => addRow('url')}>
              Add web page
            </Button>
            <Button variant="default" size="xs" onClick={() => addRow('media')}>
              Add image or video
            </Button>
          </Group>
          {noMedia}
        </Stack>
      )}
      {Object.keys(errors).length > 0 && draft.mode === 'playlist' && draft.rows.length > 0 && (
        <Alert color="red" variant="light">
          Some items need fixing before the playlist can be shown.
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          Show on screen
        </Button>
      </Group>
    </Stack>
  );
}
