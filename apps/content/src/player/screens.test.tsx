import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PRODUCT_NAME } from '@marquee/protocol';
import { IdleScreen } from './IdleScreen';
import { MessageScreen } from './MessageScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessageScreen', () => {
  it('shows the whole message, line breaks kept, in a box sized to the frame', () => {
    const message = 'Fire drill at 10:30.\nPlease leave by the nearest exit.';
    render(<MessageScreen message={message} />);
    const text = screen.getByTestId('message-screen').querySelector('.message-text') as HTMLElement;
    expect(text.textContent).toBe(message);
    expect(text.getAttribute('dir')).toBe('auto');
    expect(text.style.fontSize).toMatch(/^\d+px$/);
  });

  it('fits the text again when the frame is resized (a rotation), and stops watching when it goes', () => {
    const observed: Array<() => void> = [];
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { unmount } = render(<MessageScreen message="Closed today" />);
    const text = document.querySelector('.message-text') as HTMLElement;
    Object.defineProperty(text, 'clientWidth', { value: 1080, configurable: true });
    Object.defineProperty(text, 'clientHeight', { value: 1920, configurable: true });
    observed[0]?.();
    // Nothing overflows in happy-dom, so the largest size for a 1080 px side wins: 22% of it.
    expect(text.style.fontSize).toBe('238px');
    unmount();
    expect(disconnect).toHaveBeenCalled();
  });
});

describe('IdleScreen', () => {
  it('is a quiet branded screen: no error, no blank', () => {
    render(<IdleScreen />);
    const idle = screen.getByTestId('idle-screen');
    expect(idle.textContent).toBe(PRODUCT_NAME);
    expect(idle.getAttribute('role')).toBeNull();
    expect(document.querySelector('.slate')).toBeNull();
  });
});
