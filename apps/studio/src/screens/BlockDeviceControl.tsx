// Blocks or unblocks the screen's device (the meeting-room variant's blocked view): a blocked device's
// registration and every player call are answered 403, and registering again with its hardware id is refused.
// Only the action that applies is offered: Block device for a device that is not blocked, Unblock for one that is.

import { Button } from '@mantine/core';
import { useConfirm } from '../common/useConfirm';
import { useDeviceBlocking } from './useDeviceBlocking';

export interface BlockDeviceControlProps {
  playerId: string;
  screenName: string;
  /** Whether the device is blocked now (the screen view's status.blocked). */
  blocked: boolean;
}

export function BlockDeviceControl({ playerId, screenName, blocked }: BlockDeviceControlProps) {
  const { apply, applying } = useDeviceBlocking(playerId, screenName);
  const confirm = useConfirm();
  if (blocked) {
    return (
      <Button variant="default" loading={applying === false} onClick={() => apply(false)}>
        Unblock
      </Button>
    );
  }
  return (
    <Button
      color="red"
      variant="light"
      loading={applying === true}
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
  );
}
