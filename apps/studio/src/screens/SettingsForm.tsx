import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DAILY_RESTART_SLOTS,
  DEFAULT_ORIENTATION,
  ORIENTATION_OPTIONS,
  SCREEN_NAME_MAX_LENGTH,
  hourToSlot,
  validateScreenName,
  type Orientation,
} from '@marquee/protocol';
import type { Screen, ScreenPatch } from '../api/types';

const ORIENTATION_NAMES: Record<Orientation, string> = {
  landscape: 'Landscape',
  portrait: 'Portrait',
  reverse_landscape: 'Landscape, upside down',
  reverse_portrait: 'Portrait, reversed',
};

/** The slot a screen restarts in when daily restart is turned on without a choice: 4am (docs/player.md §Settings). */
const DEFAULT_SLOT = hourToSlot(4);

export interface SettingsValues {
  name: string;
  orientation: Orientation;
  mute: boolean;
  dailyRestart: boolean;
  dailyRestartTime: string;
}

export function settingsValuesOf(screen: Screen): SettingsValues {
  return {
    name: screen.name,
    orientation: screen.settings.orientation ?? DEFAULT_ORIENTATION,
    mute: screen.settings.mute ?? false,
    dailyRestart: screen.settings.daily_restart === 'on',
    dailyRestartTime: screen.settings.daily_restart_time ?? DEFAULT_SLOT,
  };
}

export function settingsPatchOf(values: SettingsValues): ScreenPatch {
  return {
    name: values.name.trim(),
    orientation: values.orientation,
    settings: {
      mute: values.mute,
      daily_restart: values.dailyRestart ? 'on' : 'off',
      daily_restart_time: values.dailyRestartTime,
    },
  };
}

export interface SettingsFormProps {
  initial: SettingsValues;
  saving: boolean;
  onSubmit(patch: ScreenPatch): void;
}

export function SettingsForm({ initial, saving, onSubmit }: SettingsFormProps) {
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: (value) => {
        if (value.trim() === '') return 'Give the screen a name, e.g. Front window';
        const result = validateScreenName(value);
        return result.ok ? null : result.error;
      },
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(settingsPatchOf(values)))}>
      <Stack gap="md">
        <TextInput
          label="Screen name"
          description={`${SCREEN_NAME_MAX_LENGTH} characters maximum`}
          {...form.getInputProps('name')}
        />
        <Select
          label="Orientation"
          allowDeselect={false}
          data={ORIENTATION_OPTIONS.map((option) => ({
            value: option.value,
            label: `${ORIENTATION_NAMES[option.value]} (${option.label})`,
          }))}
          {...form.getInputProps('orientation')}
        />
        <Switch label="Mute sound" {...form.getInputProps('mute', { type: 'checkbox' })} />
        <Group align="flex-end" gap="md" wrap="nowrap">
          <Switch
            label="Restart daily"
            {...form.getInputProps('dailyRestart', { type: 'checkbox' })}
            mb={8}
          />
          <Select
            label="Restart between"
            allowDeselect={false}
            disabled={!form.values.dailyRestart}
            data={DAILY_RESTART_SLOTS.map((slot) => ({ value: slot.value, label: slot.label }))}
            style={{ flex: 1 }}
            {...form.getInputProps('dailyRestartTime')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
