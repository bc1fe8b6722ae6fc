import { Button, Group as Row, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Group, NamedRef, Playlist } from '../api/types';
import { ApiForm } from '../common/ApiForm';
import { OVERRIDE_EXPIRY_CHOICES } from '../constants';
import { LayoutSelect } from '../layouts/LayoutSelect';
import { PlaylistSelect } from '../playlists/PlaylistSelect';
import type { OverrideValues } from './overrideDraft';
import { TargetsInput } from '../targets/TargetsInput';
import type { Emergency } from './useEmergency';

export function EmergencyForm({
  emergency,
  playlists,
  layouts,
  groups,
}: {
  emergency: Emergency;
  playlists: Playlist[];
  layouts: readonly NamedRef[];
  groups: Group[];
}) {
  const { values, errors, set } = emergency;
  return (
    <ApiForm
      onSubmit={emergency.start}
      gap="sm"
      error={errors.form}
      actions={
        <Button type="submit" color="red" size="md" loading={emergency.starting}>
          Show it now
        </Button>
      }
    >
      <TextInput
        label="Name"
        placeholder="Fire drill"
        value={values.name}
        error={errors.name}
        onChange={(event) => set('name', event.currentTarget.value)}
      />
      <SegmentedControl
        aria-label="What the screens show"
        value={values.show}
        onChange={(show) => set('show', show as OverrideValues['show'])}
        data={[
          { value: 'message', label: 'A message' },
          { value: 'playlist', label: 'A playlist' },
          { value: 'layout', label: 'A layout' },
        ]}
      />
      {values.show === 'message' ? (
        <Textarea
          label="Message"
          description="Shown full screen in large type"
          placeholder="Please leave the building by the nearest exit"
          autosize
          minRows={2}
          value={values.message}
          error={errors.message}
          onChange={(event) => set('message', event.currentTarget.value)}
        />
      ) : values.show === 'layout' ? (
        <LayoutSelect
          layouts={layouts}
          value={values.layoutId}
          error={errors.layoutId}
          onChange={(layoutId) => set('layoutId', layoutId)}
          comboboxProps={{ withinPortal: false }}
        />
      ) : (
        <PlaylistSelect
          playlists={playlists}
          value={values.playlistId}
          error={errors.playlistId}
          onChange={(playlistId) => set('playlistId', playlistId)}
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <TargetsInput
        value={values.targets}
        groups={groups}
        error={errors.targets}
        onChange={(t) => set('targets', t)}
      />
      <Stack gap={4}>
        <TextInput
          type="datetime-local"
          label="Ends"
          description={`At most 7 days from now, in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`}
          value={values.expiresAt}
          error={errors.expiresAt}
          onChange={(event) => set('expiresAt', event.currentTarget.value)}
        />
        <Row gap={6}>
          <Text size="xs" c="dimmed">
            In
          </Text>
          {OVERRIDE_EXPIRY_CHOICES.map((choice) => (
            <Button
              key={choice.label}
              size="compact-xs"
              variant="default"
              onClick={() => emergency.expireIn(choice.ms)}
            >
              {choice.label}
            </Button>
          ))}
        </Row>
      </Stack>
    </ApiForm>
  );
}
