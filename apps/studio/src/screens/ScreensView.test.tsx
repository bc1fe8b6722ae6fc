import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import type { Screen } from '../api/types';
import { renderStudio, testScreen } from '../testUtils';
import type { ScreenListState } from './useScreenListState';
import { ScreensView } from './ScreensView';

const NOW = 1_700_000_000_000;

const lobby: Screen = testScreen({
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
  tags: ['kitchen', 'floor-2'],
  timezone: 'America/Phoenix',
  timezoneSource: 'pinned',
});

/** The list state of a first page with nothing chosen. */
const list: ScreenListState = {
  search: '',
  filters: { q: '', tag: null, groupId: null, status: null },
  chosen: { tag: null, groupId: null, status: null },
  setSearch: () => {},
  setFilter: () => {},
  cursor: null,
  page: 1,
  next: () => {},
  previous: () => {},
  selected: new Set(),
  toggle: () => {},
  toggleAll: () => {},
  clearSelection: () => {},
};

const props = {
  nextCursor: null,
  list,
  groups: [],
  knownTags: [],
  onBulkTag: () => {},
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

  it('shows each screen with its status, tags, time zone, heartbeat, platform, version, IP and uptime', () => {
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
      'kitchen',
      'floor-2',
      'America/Phoenix (pinned)',
    ]) {
      expect(row.textContent).toContain(text);
    }
  });

  it('goes online the moment the live connection record says so', () => {
    const live = new Map([['p1', { connected: true, connected_at: NOW, disconnected_at: null }]]);
    renderStudio(<ScreensView {...props} screens={[lobby]} live={live} />);
    expect(screen.getByTestId('screen-row-s1').textContent).toContain('Online');
  });

  it('says when no screen matches the filters rather than how to pair a first one', () => {
    renderStudio(<ScreensView {...props} screens={[]} list={{ ...list, search: 'zzz' }} />);
    expect(screen.getByText('No screen matches')).toBeTruthy();
    expect(screen.queryByText('No screens yet')).toBeNull();
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
