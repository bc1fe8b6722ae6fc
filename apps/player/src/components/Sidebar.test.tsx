import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sidebar, type SidebarProps } from './Sidebar';

function props(overrides: Partial<SidebarProps> = {}): SidebarProps {
  const noop = () => {};
  return {
    name: 'Lobby',
    nameError: null,
    onNameChange: noop,
    orientation: 'landscape',
    onOrientationChange: noop,
    showMute: false,
    muted: false,
    onMuteChange: noop,
    showDailyRestart: false,
    dailyRestart: false,
    dailyRestartTime: '04:00am',
    onDailyRestartChange: noop,
    onDailyRestartTimeChange: noop,
    showFullscreen: false,
    onFullscreen: noop,
    onReload: noop,
    showInstall: false,
    onInstall: noop,
    showClearCache: false,
    onClearCache: noop,
    showCopyUniqueUrl: false,
    copied: false,
    onCopyUniqueUrl: noop,
    showReboot: false,
    onReboot: noop,
    onResetPairing: noop,
    ip: '10.0.0.2',
    connectionType: 'wifi',
    uptime: '1hr 2m 3s',
    version: '1.0.0',
    online: true,
    debugMode: false,
    onVersionTap: noop,
    ...overrides,
  };
}

const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

afterEach(cleanup);

describe('Sidebar', () => {
  it('shows only the unconditional controls without capabilities', () => {
    render(<Sidebar {...props()} />);
    expect(buttons()).toEqual(['Reload', 'Reset Pairing', 'v1.0.0']);
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      '0°',
      '90°',
      '180°',
      '270°',
    ]);
    expect(screen.getByText('120 characters maximum')).toBeTruthy();
    expect(screen.queryByText('Mute')).toBeNull();
    expect(screen.queryByText('Daily restart')).toBeNull();
  });

  it('shows every control in the order of docs/player.md §Sidebar when every condition holds', () => {
    render(
      <Sidebar
        {...props({
          showMute: true,
          showDailyRestart: true,
          showFullscreen: true,
          showInstall: true,
          showClearCache: true,
          showCopyUniqueUrl: true,
          showReboot: true,
        })}
      />,
    );
    expect(buttons()).toEqual([
      'Fullscreen',
      'Reload',
      'Install App',
      'Clear cache',
      'Copy unique URL',
      'Reboot',
      'Reset Pairing',
      'v1.0.0',
    ]);
    expect(screen.getByText('Mute')).toBeTruthy();
    const slots = screen.getAllByRole('option').map((option) => option.textContent);
    expect(slots).toHaveLength(24);
    expect(slots[0]).toBe('12:00am - 12:59am');
  });

  it("reads 'Copied!' after a copy, shows the name error, and reports the footer", () => {
    const onOrientationChange = vi.fn();
    render(
      <Sidebar
        {...props({ showCopyUniqueUrl: true, copied: true, nameError: 'too long', onOrientationChange })}
      />,
    );
    expect(screen.getByText('Copied!')).toBeTruthy();
    expect(screen.getByText('too long')).toBeTruthy();
    expect(screen.getByText(/10\.0\.0\.2 · wifi/)).toBeTruthy();
    expect(screen.getByText('1hr 2m 3s')).toBeTruthy();
    fireEvent.click(screen.getByText('270°'));
    expect(onOrientationChange).toHaveBeenCalledWith('reverse_portrait');
  });
});
