import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { MediaSelect } from '../media/MediaSelect';
import type { ContentSource, Media, ScreenPatch } from '../api/types';
import {
  DEFAULT_ITEM_SECONDS,
  checkDraft,
  draftOf,
  newRowKey,
  type ContentDraft,
  type DraftRow,
} from './contentDraft';
import { DraftRowFields } from './DraftRowFields';

export interface ContentEditorProps {
  sources: ContentSource[];
  media: Media[];
  saving: boolean;
  onSave(content: NonNullable<ScreenPatch['content']>): void;
}

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
          <MediaSelect
            media={media}
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
                <DraftRowFields
                  row={row}
                  index={index}
                  media={media}
                  error={errors[row.key]}
                  onChange={(change) => updateRow(row.key, change)}
                  onRemove={() => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.key !== row.key) }))}
                />
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
