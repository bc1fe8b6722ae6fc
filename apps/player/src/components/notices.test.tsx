import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { DuplicateHardwareNotice } from './DuplicateHardwareNotice';
import { canClearCache } from '../session/platform';

afterEach(cleanup);

describe('DuplicateHardwareNotice', () => {
  it('shows the texts of docs/player.md §Notices and toasts and the hardware id when known', () => {
    const { rerender } = render(<DuplicateHardwareNotice hardwareId="hw-7" />);
    expect(screen.getByText('The device has previously been associated with a screen.')).toBeTruthy();
    expect(screen.getByText("We're here to help!")).toBeTruthy();
    expect(screen.getByTestId('hardware-id').textContent).toBe('hw-7');
    rerender(<DuplicateHardwareNotice hardwareId={null} />);
    expect(screen.queryByTestId('hardware-id')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it("offers 'No, cancel' and \"Yes, I'm sure\"", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog message="Are you sure you want to reboot?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    fireEvent.click(screen.getByText('No, cancel'));
    fireEvent.click(screen.getByText("Yes, I'm sure"));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('canClearCache', () => {
  const content = 'https://signage.example/content/';
  const able = { clear_cache: true };

  it('allows studio-player, localhost and http URLs only', () => {
    expect(canClearCache(able, 'https://signage.example/content/', content)).toBe(true);
    expect(canClearCache(able, 'https://signage.example/content/pair', content)).toBe(true);
    expect(canClearCache(able, 'https://localhost:8443/x', content)).toBe(true);
    expect(canClearCache(able, 'http://shop.example/page', content)).toBe(true);
    expect(canClearCache(able, 'https://shop.example/page', content)).toBe(false);
    expect(canClearCache(able, 'not a url', content)).toBe(false);
  });

  it('needs the clear_cache capability whatever the URL', () => {
    expect(canClearCache({ clear_cache: false }, 'https://signage.example/content/', content)).toBe(false);
    expect(canClearCache({}, 'http://localhost/x', content)).toBe(false);
  });
});
