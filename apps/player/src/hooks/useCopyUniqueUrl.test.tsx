import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyKey, uniqueUrl, useCopyUniqueUrl } from './useCopyUniqueUrl';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useCopyUniqueUrl', () => {
  it("copies the URL and reads 'Copied!' for 2 s", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { result } = renderHook(() => useCopyUniqueUrl('http://s/?id=d1'));
    await act(() => result.current.copy());
    expect(writeText).toHaveBeenCalledWith('http://s/?id=d1');
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it("falls back to the prompt 'Copy to clipboard: {key}, Enter' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    const prompt = vi.fn(() => null);
    Object.defineProperty(window, 'prompt', { value: prompt, configurable: true });
    const { result } = renderHook(() => useCopyUniqueUrl('http://s/?id=d1'));
    await act(() => result.current.copy());
    expect(prompt).toHaveBeenCalledWith(
      `Copy to clipboard: ${copyKey(navigator.userAgent)}, Enter`,
      'http://s/?id=d1',
    );
  });
});

describe('uniqueUrl and copyKey', () => {
  it('builds the id URL and names the copy keys of the platform', () => {
    expect(uniqueUrl('http://s', 'a b')).toBe('http://s/?id=a%20b');
    expect(copyKey('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('⌘+C');
    expect(copyKey('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Ctrl+C');
  });
});
