import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { DuplicateHardwareNotice } from './DuplicateHardwareNotice';
import { canClearCache } from './Player';

afterEach(cleanup);

describe('DuplicateHardwareNotice', () => {
  it('shows the spec texts and the hardware id when known', () => {
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
  it('allows studio-player, localhost and http URLs only', () => {
    const content = 'https://signage.example/content/';
    expect(canClearCache('https://signage.example/content/', content)).toBe(true);
    expect(canClearCache('https://signage.example/content/pair', content)).toBe(true);
    expect(canClearCache('https://localhost:8443/x', content)).toBe(true);
    expect(canClearCache('http://shop.example/page', content)).toBe(true);
    expect(canClearCache('https://shop.example/page', content)).toBe(false);
    expect(canClearCache('not a url', content)).toBe(false);
  });
});
