import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { Screen } from '../api/types';
import { zoneNames } from '../schedules/timeZones';

const SOURCE_TEXT: Record<Screen['timezoneSource'], string> = {
  pinned: 'pinned here',
  player: 'reported by its player',
  server: 'no zone reported yet: UTC',
};

/** The screen's time zone (its schedules run in it), pinned to another or following its player again. */
export function TimeZoneControl({
  screen,
  saving,
  onSave,
}: {
  screen: Pick<Screen, 'timezone' | 'timezoneSource'>;
  saving: boolean;
  onSave(timezone: string | null): void;
}) {
  const [zone, setZone] = useState(screen.timezone);
  const pinned = screen.timezoneSource === 'pinned';
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Time zone
        </Text>
        <Text data-testid="screen-zone">
          <strong>{screen.timezone}</strong>{' '}
          <Text span c="dimmed" size="sm">
            ({SOURCE_TEXT[screen.timezoneSource]})
          </Text>
        </Text>
        <Group align="flex-end" gap="xs">
          <Select
            label="Pin to"
            data={zoneNames()}
            value={zone}
            onChange={(value) => value !== null && setZone(value)}
            searchable
            allowDeselect={false}
            limit={50}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            loading={saving}
            disabled={pinned && zone === screen.timezone}
            onClick={() => onSave(zone)}
          >
            Pin
          </Button>
          {pinned && (
            <Button variant="subtle" onClick={() => onSave(null)} loading={saving}>
              Follow the player
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
