import { Checkbox, MultiSelect, Stack, Text } from '@mantine/core';
import type { Group } from '../api/types';
import { ScreenPicker } from './ScreenPicker';
import type { TargetsValue } from './targets';

export interface TargetsInputProps {
  value: TargetsValue;
  groups: Group[];
  onChange(value: TargetsValue): void;
  error?: string;
}

/** Which screens a schedule or an emergency is for: every screen, or groups and screens. */
export function TargetsInput({ value, groups, onChange, error }: TargetsInputProps) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Screens
      </Text>
      <Checkbox
        label="Every screen, present and future"
        checked={value.all}
        onChange={(event) => onChange({ ...value, all: event.currentTarget.checked })}
      />
      {!value.all && (
        <>
          <MultiSelect
            label="Groups"
            placeholder="Choose groups"
            data={groups.map((group) => ({ value: group.id, label: `${group.name} (${group.memberCount})` }))}
            value={value.groupIds}
            onChange={(groupIds) => onChange({ ...value, groupIds })}
            searchable
          />
          <ScreenPicker
            label="Screens"
            value={value.screenIds}
            onChange={(screenIds) => onChange({ ...value, screenIds })}
          />
        </>
      )}
      {error !== undefined && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
