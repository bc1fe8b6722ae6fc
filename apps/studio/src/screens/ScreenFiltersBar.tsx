import { Autocomplete, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { ScreenFilters, StatusFilter } from '../api/screenList';
import type { Group as ScreenGroup } from '../api/types';
import { TAG_PATTERN } from '../constants';

export interface ScreenFiltersBarProps {
  search: string;
  chosen: Omit<ScreenFilters, 'q'>;
  groups: ScreenGroup[];
  knownTags: string[];
  onSearch(q: string): void;
  onFilter<K extends keyof Omit<ScreenFilters, 'q'>>(name: K, value: ScreenFilters[K]): void;
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];

export function ScreenFiltersBar({
  search,
  chosen,
  groups,
  knownTags,
  onSearch,
  onFilter,
}: ScreenFiltersBarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search by name"
        placeholder="Lobby, kitchen…"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={220}
      />
      <Autocomplete
        label="Tag"
        placeholder="Any tag"
        data={knownTags}
        defaultValue={chosen.tag ?? ''}
        // Only a whole tag filters; a half-typed one waits.
        onChange={(value) => {
          const tag = value.trim().toLowerCase();
          if (tag === '') onFilter('tag', null);
          else if (TAG_PATTERN.test(tag)) onFilter('tag', tag);
        }}
        w={180}
      />
      <Select
        label="Group"
        placeholder="Any group"
        data={groups.map((group) => ({ value: group.id, label: group.name }))}
        value={chosen.groupId}
        onChange={(groupId) => onFilter('groupId', groupId)}
        clearable
        searchable
        w={200}
      />
      <SegmentedControl
        aria-label="Status"
        data={STATUS_OPTIONS}
        value={chosen.status ?? 'all'}
        onChange={(value) => onFilter('status', value === 'all' ? null : (value as StatusFilter))}
      />
    </Group>
  );
}
