import { SegmentedControl, Stack, type ComboboxProps } from '@mantine/core';
import type { NamedRef, Playlist } from '../api/types';
import { LayoutSelect } from '../layouts/LayoutSelect';
import { PlaylistSelect } from '../playlists/PlaylistSelect';
import type { ContentKind } from './shownContent';

export interface ContentPickerProps {
  kind: ContentKind;
  playlistId: string | null;
  layoutId: string | null;
  playlists: Playlist[];
  layouts: readonly NamedRef[];
  playlistError?: string | undefined;
  layoutError?: string | undefined;
  comboboxProps?: ComboboxProps;
  onKind(kind: ContentKind): void;
  onPlaylist(id: string | null): void;
  onLayout(id: string | null): void;
}

/** What a schedule or a screen shows: a playlist or a layout, then which one (docs/layouts.md §Studio). */
export function ContentPicker(props: ContentPickerProps) {
  return (
    <Stack gap={6}>
      <SegmentedControl
        aria-label="Shows"
        value={props.kind}
        onChange={(kind) => props.onKind(kind as ContentKind)}
        data={[
          { value: 'playlist', label: 'A playlist' },
          { value: 'layout', label: 'A layout' },
        ]}
      />
      {props.kind === 'playlist' ? (
        <PlaylistSelect
          playlists={props.playlists}
          value={props.playlistId}
          error={props.playlistError}
          onChange={props.onPlaylist}
          {...(props.comboboxProps ? { comboboxProps: props.comboboxProps } : {})}
        />
      ) : (
        <LayoutSelect
          layouts={props.layouts}
          value={props.layoutId}
          error={props.layoutError}
          onChange={props.onLayout}
          {...(props.comboboxProps ? { comboboxProps: props.comboboxProps } : {})}
        />
      )}
    </Stack>
  );
}
