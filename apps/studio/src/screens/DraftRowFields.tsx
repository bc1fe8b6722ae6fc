import { ActionIcon, NumberInput, Text, TextInput } from '@mantine/core';
import type { Media } from '../api/types';
import { AppItemFields } from '../apps/AppItemFields';
import { MediaSelect } from '../media/MediaSelect';
import type { DraftRow } from './contentDraft';

export interface DraftRowFieldsProps {
  row: DraftRow;
  index: number;
  media: Media[];
  error: string | undefined;
  /** An app row's configuration problem, from the server. */
  configError?: string | undefined;
  /** Whether the media list can be searched by typing. */
  searchable?: boolean;
  onChange(change: Partial<DraftRow>): void;
  onRemove(): void;
}

/** One item of a list of content (a screen's or a playlist's): its number, what it shows, for how long, remove. */
export function DraftRowFields({
  row,
  index,
  media,
  error,
  configError,
  searchable,
  onChange,
  onRemove,
}: DraftRowFieldsProps) {
  return (
    <>
      <Text fw={600} w={24} mt={30} ta="right">
        {index + 1}.
      </Text>
      {row.kind === 'app' ? (
        <AppItemFields
          url={row.src}
          config={row.config ?? ''}
          urlError={error}
          configError={configError}
          onChange={onChange}
        />
      ) : row.kind === 'url' ? (
        <TextInput
          label="Web page address"
          placeholder="https://example.com"
          value={row.src}
          style={{ flex: 1 }}
          error={error}
          onChange={(event) => onChange({ src: event.currentTarget.value })}
        />
      ) : (
        <MediaSelect
          media={media}
          value={row.mediaId}
          style={{ flex: 1 }}
          error={error}
          searchable={searchable}
          onChange={(mediaId) => onChange({ mediaId })}
        />
      )}
      <NumberInput
        label="Seconds"
        min={1}
        w={110}
        value={row.seconds}
        onChange={(value) => onChange({ seconds: typeof value === 'number' ? value : Number(value) })}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        mt={28}
        size="lg"
        aria-label={`Remove item ${index + 1}`}
        onClick={onRemove}
      >
        ✕
      </ActionIcon>
    </>
  );
}
