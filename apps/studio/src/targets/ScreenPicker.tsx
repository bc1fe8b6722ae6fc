// Screens chosen by name, searched on the server as the operator types (there may be thousands).

import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useScreenSearch } from '../api/screenList';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { useScreenNames } from './useScreenNames';

export interface ScreenPickerProps {
  label: string;
  value: string[];
  onChange(ids: string[]): void;
  error?: string;
  description?: string;
}

export function ScreenPicker({ label, value, onChange, error, description }: ScreenPickerProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useScreenSearch(q);
  const names = useScreenNames(value);
  const options = new Map<string, string>();
  for (const id of value) options.set(id, names.get(id) ?? id);
  for (const screen of found.data ?? []) options.set(screen.id, screen.name);
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder="Type a screen's name"
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No screen by that name'}
      error={error}
      hidePickedOptions
    />
  );
}
