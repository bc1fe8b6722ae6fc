import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Command, Screen } from '../api/types';
import { fakeApi, renderStudio, testLayout, testPlaylist, testScreen } from '../testUtils';
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
  defaultLayoutId: null,
  timeline: {
    version: 1,
    appliedVersion: null,
    behind: false,
    current: { kind: 'default', id: null, name: 'Default content', reason: 'nothing is scheduled' },
  },
  health: { state: 'online', since: NOW },
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

const timeline = {
  timezone: 'America/Phoenix',
  version: 4,
  segments: [
    {
      start: '2026-03-25T00:00:00-07:00',
      end: '2026-03-25T06:00:00-07:00',
      source: { kind: 'default', id: null, name: 'Default content' },
      playlistId: null,
      playlistIds: [],
      message: null,
      reason: 'Nothing is scheduled',
    },
    {
      start: '2026-03-25T06:00:00-07:00',
      end: '2026-03-25T11:00:00-07:00',
      source: { kind: 'schedule', id: 'sc1', name: 'Breakfast' },
      playlistId: 'pl1',
      playlistIds: ['pl1'],
      message: null,
      reason: "Priority 20 beats 'Lunch' (10)",
    },
    {
      start: '2026-03-25T11:00:00-07:00',
      end: '2026-03-26T00:00:00-07:00',
      source: { kind: 'idle', id: null, name: 'Idle screen' },
      playlistId: null,
      playlistIds: [],
      message: null,
      reason: 'No default content',
    },
  ],
};

function setup(screenView: Screen = lobby) {
  const get = vi.fn(async (path: string) => {
    if (path === '/screens/s1') return screenView;
    if (path === '/screens/s1/commands') return { commands: [acknowledged] };
    if (path === '/media') return { media: [] };
    if (path === '/screens/s1/device') return { device: null, updatedAt: null };
    if (path.startsWith('/screens/s1/logs')) return { lines: [] };
    if (path === '/playlists') return { playlists: [testPlaylist({ id: 'pl1', name: 'Breakfast menu' })] };
    if (path === '/layouts') return { layouts: [testLayout({ id: 'lay1', name: 'Menu board' })] };
    if (path.startsWith('/screens/s1/timeline?')) return timeline;
    throw new Error(`unexpected GET ${path}`);
  });
  const send = vi.fn(async (_method: string, _path: string, body?: unknown) => ({
    ...lobby,
    ...(body as object),
  }));
  const api = fakeApi({ get: get as never, send: send as never, blob: () => Promise.resolve(null) });
  renderStudio(<ScreenPage />, { api, path: '/screens/s1', route: '/screens/:id' });
  return { send, get };
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

  it('says what plays now and why, and flags a screen behind its timeline', async () => {
    setup(
      testScreen({
        timeline: {
          version: 7,
          appliedVersion: 5,
          behind: true,
          current: {
            kind: 'schedule',
            id: 'sc1',
            name: 'Breakfast',
            reason: "Priority 20 beats 'Lunch' (10)",
          },
        },
      }),
    );
    const why = await screen.findByTestId('why-playing');
    expect(why.textContent).toContain('Schedule');
    expect(why.textContent).toContain('Breakfast');
    expect(why.textContent).toContain("Priority 20 beats 'Lunch' (10)");
    expect(within(why).getByRole('alert').textContent).toContain('version 7; it reports 5');
  });

  it('pins the time zone, and follows the player again', async () => {
    const { send } = setup(testScreen({ timezone: 'Europe/London', timezoneSource: 'pinned' }));
    expect((await screen.findByTestId('screen-zone')).textContent).toContain('Europe/London (pinned here)');
    await userEvent.click(screen.getByRole('button', { name: 'Follow the player' }));
    expect(send).toHaveBeenCalledWith('PATCH', '/screens/s1', { timezone: null });
  });

  it("draws the screen's day by source, and says why a part plays when chosen", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-25T19:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { get } = setup(testScreen({ timezone: 'America/Phoenix' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const bars = await screen.findAllByTestId('timeline-bar');
    expect(bars.map((bar) => bar.dataset.kind)).toEqual(['default', 'schedule', 'idle']);
    expect(get.mock.calls.map(([path]) => path)).toContainEqual(
      expect.stringMatching(/^\/screens\/s1\/timeline\?from=\d{4}-\d\d-\d\dT07%3A00%3A00\.000Z&to=/),
    );
    await userEvent.click(bars[1]!);
    const detail = screen.getByTestId('timeline-detail');
    expect(detail.textContent).toContain('2026-03-25 06:00 to 2026-03-25 11:00');
    expect(detail.textContent).toContain("Priority 20 beats 'Lunch' (10)");
    expect(screen.getByText(/Times in the screen/).textContent).toContain('America/Phoenix');
  });

  it('makes a saved playlist its default content', async () => {
    const { send } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Playlist' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Breakfast menu', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Show this playlist' }));
    expect(send).toHaveBeenCalledWith('PATCH', '/screens/s1', { playlistId: 'pl1' });
  });

  it('makes a saved layout its default content', async () => {
    const { send } = setup();
    await userEvent.click(await screen.findByRole('tab', { name: 'Content' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A layout' }));
    await userEvent.click(screen.getByRole('textbox', { name: 'Layout' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Menu board', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Show this layout' }));
    expect(send).toHaveBeenCalledWith('PATCH', '/screens/s1', { layoutId: 'lay1' });
  });
});
