import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { defaultTimers } from '@marquee/protocol';
import { BuiltInApp } from './BuiltInApp';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BuiltInApp', () => {
  it('a clock moves on by the injected clock, across the spring-forward change in the screen zone', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-03-08T06:59:30Z'));
    render(
      <BuiltInApp
        app={{ type: 'clock', format: '12h', showDate: false }}
        timezone="America/New_York"
        now={() => Date.now()}
        timers={defaultTimers}
      />,
    );
    expect(screen.getByText('1:59 AM')).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('3:00 AM')).toBeTruthy();
  });

  it('a clock with a date line turns the date over at local midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-12-31T04:59:59Z'));
    render(
      <BuiltInApp
        app={{ type: 'clock', showSeconds: true, showDate: true }}
        timezone="America/New_York"
        now={() => Date.now()}
        timers={defaultTimers}
        locale="en-US"
      />,
    );
    expect(screen.getByText('23:59:59')).toBeTruthy();
    expect(screen.getByText('Wednesday, December 30, 2026')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('00:00:00')).toBeTruthy();
    expect(screen.getByText('Thursday, December 31, 2026')).toBeTruthy();
  });

  it('a text keeps its style and line breaks', () => {
    render(
      <BuiltInApp
        app={{ type: 'text', text: 'Soup\nof the day', color: '#ff0000', bold: true, align: 'right' }}
        timezone="UTC"
        now={Date.now}
        timers={defaultTimers}
      />,
    );
    const box = document.querySelector<HTMLElement>('[data-app="text"]')!;
    expect(box.textContent).toBe('Soup\nof the day');
    expect(box.style.color).toBe('#ff0000');
    expect(box.style.fontWeight).toBe('700');
  });

  it('a ticker repeats its text for a seamless loop', () => {
    render(
      <BuiltInApp
        app={{ type: 'ticker', text: 'Doors open at 9' }}
        timezone="UTC"
        now={Date.now}
        timers={defaultTimers}
      />,
    );
    expect(screen.getAllByText('Doors open at 9').length).toBeGreaterThanOrEqual(2);
  });

  it('a QR code is an SVG of its address with its caption', () => {
    render(
      <BuiltInApp
        app={{ type: 'qr', url: 'https://example.com/menu', caption: 'Scan for the menu' }}
        timezone="UTC"
        now={Date.now}
        timers={defaultTimers}
      />,
    );
    expect(
      screen.getByRole('img', { name: 'Scan for the menu' }).querySelector('path')?.getAttribute('d'),
    ).toMatch(/^M/);
    expect(screen.getByText('Scan for the menu')).toBeTruthy();
  });

  it('draws nothing for the apps the player wires itself', () => {
    const { container } = render(
      <BuiltInApp
        app={{ type: 'html', url: 'https://example.com/app' }}
        timezone="UTC"
        now={Date.now}
        timers={defaultTimers}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
