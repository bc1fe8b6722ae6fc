import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { useScreenListState } from './useScreenListState';

describe('useScreenListState', () => {
  it('asks for the search once typing pauses, and goes back to the first page', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useScreenListState());
      act(() => result.current.next('c1'));
      act(() => result.current.next('c2'));
      expect(result.current).toMatchObject({ cursor: 'c2', page: 3 });
      act(() => result.current.setSearch('lob'));
      expect(result.current.search).toBe('lob');
      expect(result.current.filters.q).toBe('');
      expect(result.current.cursor).toBe('c2');
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(result.current.filters.q).toBe('lob');
      expect(result.current).toMatchObject({ cursor: null, page: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back a page, and to the first page when a filter changes', () => {
    const { result } = renderHook(() => useScreenListState());
    act(() => result.current.next('c1'));
    act(() => result.current.next('c2'));
    act(() => result.current.previous());
    expect(result.current).toMatchObject({ cursor: 'c1', page: 2 });
    act(() => result.current.setFilter('tag', 'kitchen'));
    expect(result.current.filters).toMatchObject({ tag: 'kitchen', q: '' });
    expect(result.current).toMatchObject({ cursor: null, page: 1 });
  });

  it('keeps the selection across pages; select-all selects the page, or unselects it when all are', () => {
    const { result } = renderHook(() => useScreenListState());
    act(() => result.current.toggle('a'));
    act(() => result.current.next('c1'));
    act(() => result.current.toggleAll(['b', 'c']));
    expect([...result.current.selected].sort()).toEqual(['a', 'b', 'c']);
    act(() => result.current.toggleAll(['b', 'c']));
    expect([...result.current.selected]).toEqual(['a']);
    act(() => result.current.toggle('a'));
    expect(result.current.selected.size).toBe(0);
  });
});
