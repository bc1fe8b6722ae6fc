import { Button, Group, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Playlist } from '../api/types';
import type { FieldErrors } from '../common/fieldErrors';
import { PlaylistSelect } from '../playlists/PlaylistSelect';
import { PercentInput } from './PercentInput';
import { ZoneAppFields } from './ZoneAppFields';
import type { Rect } from './geometry';
import { appContent, playlistContent, type DraftZone } from './layoutDraft';

const PLACE: { field: keyof Rect; label: string }[] = [
  { field: 'x', label: 'X (%)' },
  { field: 'y', label: 'Y (%)' },
  { field: 'width', label: 'Width (%)' },
  { field: 'height', label: 'Height (%)' },
];

/** The selected zone's id, name, place in percent, stacking and content. */
export function ZoneInspector({
  zone,
  errors,
  playlists,
  onChange,
  onRestack,
  onRemove,
}: {
  zone: DraftZone;
  errors: FieldErrors;
  playlists: Playlist[];
  onChange(patch: Partial<DraftZone>): void;
  onRestack(step: 1 | -1): void;
  onRemove(): void;
}) {
  return (
    <Stack gap="sm" data-testid="zone-inspector">
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          label="Zone id"
          value={zone.id}
          error={errors.id}
          onChange={(event) => onChange({ id: event.currentTarget.value })}
        />
        <TextInput
          label="Zone name"
          value={zone.name}
          error={errors.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={4} spacing="xs">
        {PLACE.map(({ field, label }) => (
          <PercentInput
            key={field}
            label={label}
            value={zone[field]}
            error={errors[field]}
            onChange={(value) => onChange({ [field]: value })}
          />
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => onRestack(1)}>
          Bring forward
        </Button>
        <Button size="xs" variant="default" onClick={() => onRestack(-1)}>
          Send back
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
          Remove zone
        </Button>
      </Group>
      <SegmentedControl
        aria-label="The zone shows"
        value={zone.content.kind}
        onChange={(kind) => onChange({ content: kind === 'app' ? appContent('clock') : playlistContent() })}
        data={[
          { value: 'playlist', label: 'A playlist' },
          { value: 'app', label: 'An app' },
        ]}
      />
      {zone.content.kind === 'playlist' ? (
        <PlaylistSelect
          playlists={playlists}
          value={zone.content.playlistId}
          error={errors.playlistId}
          onChange={(playlistId) => onChange({ content: playlistContent(playlistId) })}
        />
      ) : (
        <ZoneAppFields
          app={zone.content.app}
          errors={errors}
          onChange={(app) => onChange({ content: { kind: 'app', app } })}
        />
      )}
    </Stack>
  );
}
