import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rotatedBoxStyle, useOrientation, useViewportScale } from './useOrientation';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('rotatedBoxStyle', () => {
  it('rotates by CSS and swaps the sides for quarter turns', () => {
    expect(rotatedBoxStyle('landscape', 1920, 1080)).toMatchObject({
      width: '1920px',
      height: '1080px',
      transform: 'none',
    });
    expect(rotatedBoxStyle('portrait', 1920, 1080)).toMatchObject({
      width: '1080px',
      height: '1920px',
      left: '420px',
      top: '-420px',
      transform: 'rotate(90deg)',
    });
    expect(rotatedBoxStyle('reverse_landscape', 1920, 1080)).toMatchObject({
      transform: 'rotate(180deg)',
      width: '1920px',
    });
    expect(rotatedBoxStyle('reverse_portrait', 1920, 1080)).toMatchObject({
      transform: 'rotate(270deg)',
      width: '1080px',
    });
  });
});

describe('useOrientation', () => {
  it('follows window resizes, throttled to 100 ms', () => {
    window.innerWidth = 1000;
    window.innerHeight = 500;
    const { result } = renderHook(() => useOrientation('portrait'));
    expect(result.current.width).toBe('500px');
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event('resize')); // first of a burst: applied at once
      window.innerWidth = 600;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.height).toBe('800px');
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.height).toBe('800px');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.height).toBe('600px');
  });
});

describe('useViewportScale', () => {
  it('sets the viewport scale to 1/devicePixelRatio', () => {
    document.head.innerHTML = '<meta name="viewport" content="width=device-width">';
    Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
    renderHook(() => useViewportScale());
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toContain(
      'initial-scale=0.5',
    );
  });
});
