import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useScreen } from '../api/queries';
import { fakeApi, renderStudio } from '../testUtils';
import { BlockDeviceControl } from './BlockDeviceControl';

/** The control as the screen page shows it: over the screen view, whose status.blocked the server keeps. */
function Boardroom() {
  const view = useScreen('s1');
  if (view.data === undefined) return null;
  return <BlockDeviceControl playerId="room-1" screenName="Boardroom" blocked={view.data.status.blocked} />;
}

function setup(initiallyBlocked: boolean) {
  let blocked = initiallyBlocked;
  const get = vi.fn(async () => ({ id: 's1', status: { blocked } }));
  const send = vi.fn(async (_method: string, path: string) => {
    blocked = path.endsWith('/block');
    return { playerId: 'room-1', blocked };
  });
  renderStudio(<Boardroom />, { api: fakeApi({ get: get as never, send: send as never }) });
  return { send };
}

describe('BlockDeviceControl', () => {
  it('offers only Block device for a device that is not blocked', async () => {
    setup(false);
    await screen.findByRole('button', { name: 'Block device' });
    expect(screen.queryByRole('button', { name: 'Unblock' })).toBeNull();
  });

  it('offers only Unblock for a blocked device', async () => {
    setup(true);
    await screen.findByRole('button', { name: 'Unblock' });
    expect(screen.queryByRole('button', { name: 'Block device' })).toBeNull();
  });

  it('blocks the device only after confirmation, then offers to unblock it, and back', async () => {
    const { send } = setup(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Block device' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'No, cancel' }),
    );
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Block device' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect(send).toHaveBeenCalledWith('POST', '/players/room-1/block');
    await screen.findByText('Device blocked');
    await screen.findByRole('button', { name: 'Unblock' });
    expect(screen.queryByRole('button', { name: 'Block device' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(send).toHaveBeenLastCalledWith('POST', '/players/room-1/unblock');
    await screen.findByRole('button', { name: 'Block device' });
    expect(screen.queryByRole('button', { name: 'Unblock' })).toBeNull();
  });
});
