import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderStudio } from '../testUtils';
import { BlockDeviceControl } from './BlockDeviceControl';

function setup() {
  const send = vi.fn(async (_method: string, path: string) => ({
    playerId: 'room-1',
    blocked: path.endsWith('/block'),
  }));
  const api = fakeApi({ send: send as never });
  renderStudio(<BlockDeviceControl playerId="room-1" screenName="Boardroom" />, { api });
  return { send };
}

describe('BlockDeviceControl', () => {
  it('blocks the device only after confirmation, then offers to unblock it', async () => {
    const { send } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Block device' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, cancel' }));
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Block device' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect(send).toHaveBeenCalledWith('POST', '/players/room-1/block');
    await screen.findByText('Device blocked');
    expect(screen.queryByRole('button', { name: 'Block device' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(send).toHaveBeenLastCalledWith('POST', '/players/room-1/unblock');
    await screen.findByRole('button', { name: 'Block device' });
  });
});
