import { Select, type SelectProps } from '@mantine/core';
import type { Playlist } from '../api/types';

/** Choosing one of the organisation's playlists by name. */
export function PlaylistSelect({
  playlists,
  ...props
}: { playlists: Playlist[] } & Omit<SelectProps, 'data' | 'label' | 'placeholder' | 'searchable'>) {
  return (
    <Select
      label="Playlist"
      placeholder="Choose a playlist"
      data={playlists.map((playlist) => ({ value: playlist.id, label: playlist.name }))}
      searchable
      {...props}
    />
  );
}
