import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Command, Screen } from '../api/types';
import { fakeApi, renderStudio } from '../testUtils';
import { ScreenPage } from './ScreenPage';

const NOW = 1_700_000_000_000;
const lobby: Screen = {
  id: 's1',
  name: 'Lobby',
  playerId: 'p1',
  settings: { orientation: 'portrait', daily_restart: 'off' },
  content: { version: 1, items: [], sources: [] },
  status: {
    online: true,
    blocked: false,
    connectedAt: NOW,
    disconnectedAt: null,
    lastHeartbeatAt: NOW,
    heartbeatOverdue: false,
    platform: 'browser',
    model: null,
    version: '1.0.0',
    ip: null,
    remoteIp: null,
    uptime: null,
    uptimeSeconds: null,
  },
  tags: [],
  timezone: 'UTC',
  timezoneSource: 'server',
  defaultPlaylistId: null,
  timeline: {
    version: 1,
    appliedVersion: null,
    behind: false,
    current: { kind: 'default', id: null, name: 'Default content', reason: 'nothing is scheduled' },
  },
  createdAt: NOW,
  updatedAt: NOW,
};
const acknowledged: Command = {
  id: 'c1',
  command: 'mute',
  param: true,
  state: 'acknowledged',
  raisedAt: NOW,
  acknowledgedAt: NOW + 1500,
};

function setup() {
  const get = vi.fn(async (path: string) => {
    if (path === '/screens/s1') return lobby;
    if (path === '/screens/s1/commands') return { commands: [acknowledged] };
    if (path === '/media') return { media: [] };
    if (path === '/screens/s1/device') return { device: null, updatedAt: null };
    if (path.startsWith('/screens/s1/logs')) return { lines: [] };
    throw new Error(`unexpected GET ${path}`);
  });
  const send = vi.fn(async (_method: string, _path: string, body?: unknown) => ({
    ...lobby,
    ...(body as object),
  }));
  const api = fakeApi({ get: get as never, send: send as never, blob: () => Promise.resolve(null) });
  renderStudio(<ScreenPage />, { api, path: '/screens/s1', route: '/screens/:id' });
  return { send };
}

describe('ScreenPage', () => {
  it('asks before a destructive command, in the words of docs/player.md §Sidebar, and sends it only on yes', async () => {
    const { send } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Commands' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reboot' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to reboot?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, cancel' }));
    expect(send).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reboot' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: "Yes, I'm sure" }),
    );
    expect(send).toHaveBeenCalledWith('POST', '/screens/s1/commands', { command: 'reboot' });
  });

  it('sends a harmless command at once and lists commands with their state and times', async () => {
    const { send } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Commands' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload player' }));
    expect(send).toHaveBeenCalledWith('POST', '/screens/s1/commands', { command: 'restart_player_app' });
    const table = screen.getByRole('table', { name: 'Recent commands' });
    const row = within(table).getByText('Toggle mute').closest('tr') as HTMLElement;
    expect(row.dataset.state).toBe('acknowledged');
    expect(within(row).getByText('Acknowledged')).toBeTruthy();
    expect(
      within(row).getAllByText(
        new Date(NOW).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
      ),
    ).toHaveLength(1);
  });

  it('refuses a screen name over 120 characters and saves settings with the restart slot', async () => {
    const { send } = setup();
    const name = await screen.findByLabelText(/Screen name/);
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('y'.repeat(121));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('The screen name can have at most 120 characters.')).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.paste('Lobby north');
    await userEvent.click(screen.getByLabelText('Restart daily'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(send).toHaveBeenCalledWith('PATCH', '/screens/s1', {
      name: 'Lobby north',
      orientation: 'portrait',
      settings: { mute: false, daily_restart: 'on', daily_restart_time: '04:00am' },
    });
  });

  it('tells a newcomer what a screen with nothing assigned needs', async () => {
    setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    expect(
      screen.getByText(/A web page, an image or video from your media library, or a playlist/),
    ).toBeTruthy();
    expect(screen.getByLabelText('Web page address')).toBeTruthy();
  });
});
