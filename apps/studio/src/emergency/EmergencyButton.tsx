// The big red button, always in the studio's header: opens the emergency panel (the active overrides with how
// many screens show each, and a form to start one).

import { Button, Drawer, Loader, Stack, Title } from '@mantine/core';
import { useGroups } from '../api/groups';
import { useLayouts } from '../api/layouts';
import { usePlaylists } from '../api/playlists';
import { ActiveOverrides } from './ActiveOverrides';
import { EmergencyForm } from './EmergencyForm';
import { useEmergency } from './useEmergency';
import { AllowedFieldset } from '../access/AllowedFieldset';

function EmergencyPanel({ emergency }: { emergency: ReturnType<typeof useEmergency> }) {
  const playlists = usePlaylists();
  const layouts = useLayouts();
  const groups = useGroups();
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Active
        </Title>
        {emergency.loading ? (
          <Loader size="sm" />
        ) : (
          <AllowedFieldset route="deleteOverride" what="end emergencies" quiet>
            <ActiveOverrides overrides={emergency.active} onClear={emergency.clear} />
          </AllowedFieldset>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Start an emergency
        </Title>
        <AllowedFieldset route="createOverride" what="start emergencies">
          <EmergencyForm
            emergency={emergency}
            playlists={playlists.data ?? []}
            layouts={layouts.data ?? []}
            groups={groups.data ?? []}
          />
        </AllowedFieldset>
      </Stack>
    </Stack>
  );
}

export function EmergencyButton() {
  const emergency = useEmergency();
  const count = emergency.active.length;
  return (
    <>
      <Button color="red" size="sm" fw={800} onClick={emergency.open} aria-haspopup="dialog">
        {count > 0 ? `Emergency (${count} active)` : 'Emergency'}
      </Button>
      <Drawer
        opened={emergency.opened}
        onClose={emergency.close}
        position="right"
        size="md"
        title={
          <Title order={2} size="h3" c="red">
            Emergency
          </Title>
        }
      >
        {emergency.opened && <EmergencyPanel emergency={emergency} />}
      </Drawer>
    </>
  );
}
