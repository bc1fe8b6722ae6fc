// The Reports page's filters: first and last day, and optionally one screen, group or playlist.

import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useGroups } from '../api/groups';
import { usePlaylists } from '../api/playlists';
import { useScreenSearch } from '../api/screenList';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import type { ReportFilters } from './reportFilters';

export interface ReportFiltersBarProps {
  filters: ReportFilters;
  problem: { field: 'from' | 'to'; message: string } | null;
  onChange(patch: Partial<ReportFilters>): void;
}

export function ReportFiltersBar({ filters, problem, onChange }: ReportFiltersBarProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const screens = useScreenSearch(q);
  const groups = useGroups();
  const playlists = usePlaylists();
  const options = (list: readonly { id: string; name: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.id, label: item.name }));
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        type="date"
        label="From"
        value={filters.from}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        error={problem?.field === 'from' ? problem.message : undefined}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        error={problem?.field === 'to' ? problem.message : undefined}
      />
      <Select
        label="Screen"
        placeholder="All screens"
        data={options(screens.data)}
        value={filters.screenId}
        onChange={(screenId) => onChange({ screenId })}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        clearable
      />
      <Select
        label="Group"
        placeholder="All groups"
        data={options(groups.data)}
        value={filters.groupId}
        onChange={(groupId) => onChange({ groupId })}
        clearable
      />
      <Select
        label="Playlist"
        placeholder="All playlists"
        data={options(playlists.data)}
        value={filters.playlistId}
        onChange={(playlistId) => onChange({ playlistId })}
        clearable
      />
    </Group>
  );
}
