// Blocking and unblocking a screen's device, with the notice of each outcome. The state shown is the screen view's
// (status.blocked), which the mutation refreshes before it ends.

import { notifications } from '@mantine/notifications';
import { useBlockDevice } from '../api/queries';

export interface DeviceBlocking {
  apply(blocked: boolean): void;
  /** The state being applied, while it is. */
  applying: boolean | null;
}

export function useDeviceBlocking(playerId: string, screenName: string): DeviceBlocking {
  const block = useBlockDevice(playerId);
  return {
    apply: (blocked) =>
      block.mutate(blocked, {
        onSuccess: (answer) =>
          notifications.show({
            color: answer.blocked ? 'red' : 'teal',
            title: answer.blocked ? 'Device blocked' : 'Device unblocked',
            message: answer.blocked
              ? `The device of ${screenName} shows the blocked view from its next start.`
              : `The device of ${screenName} may register again.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'The device was not changed', message: error.message }),
      }),
    applying: block.isPending ? block.variables : null,
  };
}
