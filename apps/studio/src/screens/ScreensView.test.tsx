import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import type { Screen } from '../api/types';
import { renderStudio } from '../testUtils';
import { ScreensView } from './ScreensView';

const NOW = 1_700_000_000_000;

const lobby: Screen = {
  id: 's1',
  name: 'Lobby',
  playerId: 'p1',
  settings: {},
  content: {
    version: 2,
    items: [{ type: 'image', src: 'http://x/media/a', durationMs: 10_000 }],
    sources: [],
  },
  status: {
    online: false,
    blocked: false,
    connectedAt: null,
    disconnectedAt: NOW - 60_000,
    lastHeartbeatAt: NOW - 30_000,
    heartbeatOverdue: false,
    platform: 'chromeos',
    model: 'Chromebox',
    version: '1.0.0',
    ip: '192.168.1.20',
    remoteIp: '192.168.1.20',
    uptime: '26hr 3m 9s',
    uptimeSeconds: 93789,
  },
  tags: [],
  timezone: 'UTC',
  timezoneSource: 'server',
  defaultPlaylistId: null,
  timeline: {
    version: 2,
    appliedVersion: null,
    behind: false,
    current: { kind: 'default', id: null, name: 'Default content', reason: 'nothing is scheduled' },
  },
  createdAt: NOW,
  updatedAt: NOW,
};

const props = {
  error: null,
  loading: false,
  onRetry: () => {},
  live: new Map(),
  now: NOW,
  playerUrl: 'http://signs.local:8080/',
};

describe('ScreensView', () => {
  it('tells a newcomer where to open the player and how to pair it', () => {
    renderStudio(<ScreensView {...props} screens={[]} />);
    expect(screen.getByText('No screens yet')).toBeTruthy();
    expect(screen.getByText('http://signs.local:8080/')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Pair a screen' }).length).toBe(2);
  });

  it('shows each screen with its status, heartbeat, platform, version, IP and uptime', () => {
    renderStudio(<ScreensView {...props} screens={[lobby]} />);
    const row = screen.getByTestId('screen-row-s1');
    for (const text of [
      'Lobby',
      'Offline',
      '30 s ago',
      'chromeos',
      '1.0.0',
      '192.168.1.20',
      '26hr 3m 9s',
      '1 image',
    ]) {
      expect(row.textContent).toContain(text);
    }
  });

  it('goes online the moment the live connection record says so', () => {
    const live = new Map([['p1', { connected: true, connected_at: NOW, disconnected_at: null }]]);
    renderStudio(<ScreensView {...props} screens={[lobby]} live={live} />);
    expect(screen.getByTestId('screen-row-s1').textContent).toContain('Online');
  });

  it('shows the API error with a way to try again', async () => {
    const onRetry = vi.fn();
    renderStudio(
      <ScreensView
        {...props}
        screens={undefined}
        error={new ApiError(0, 'NETWORK', 'The Marquee server cannot be reached.')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Could not load your screens')).toBeTruthy();
    expect(screen.getByText('The Marquee server cannot be reached.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
