// Blocks or unblocks the screen's device (the meeting-room variant's blocked view): a blocked device's
// registration and every player call are answered 403, and registering again with its hardware id is refused.

import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useBlockDevice } from '../api/queries';
import { useConfirm } from '../common/useConfirm';

export function BlockDeviceControl({ playerId, screenName }: { playerId: string; screenName: string }) {
  const block = useBlockDevice(playerId);
  const confirm = useConfirm();
  const [blocked, setBlocked] = useState<boolean | null>(null);

  const apply = (next: boolean) =>
    block.mutate(next, {
      onSuccess: (answer) => {
        setBlocked(answer.blocked);
        notifications.show({
          color: answer.blocked ? 'red' : 'teal',
          title: answer.blocked ? 'Device blocked' : 'Device unblocked',
          message: answer.blocked
            ? `The device of ${screenName} shows the blocked view from its next start.`
            : `The device of ${screenName} may register again.`,
        });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'The device was not changed', message: error.message }),
    });

  return (
    <Group gap="xs">
      {blocked !== true && (
        <Button
          color="red"
          variant="light"
          loading={block.isPending && block.variables === true}
          onClick={() =>
            confirm(
              'Block device',
              `Are you sure you want to block the device of ${screenName}? It stops showing content.`,
              () => apply(true),
            )
          }
        >
          Block device
        </Button>
      )}
      <Button
        variant="default"
        loading={block.isPending && block.variables === false}
        onClick={() => apply(false)}
      >
        Unblock
      </Button>
    </Group>
  );
}
