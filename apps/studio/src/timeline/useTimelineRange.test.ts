import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTimelineRange } from './useTimelineRange';

const WEDNESDAY_NOON = Date.parse('2026-03-25T12:00:00Z');

describe('useTimelineRange', () => {
  it("asks for the screen's own day, midnight to midnight", () => {
    const { result } = renderHook(() => useTimelineRange('America/Phoenix', WEDNESDAY_NOON));
    expect(result.current).toMatchObject({
      first: '2026-03-25',
      days: 1,
      from: '2026-03-25T07:00:00.000Z',
      to: '2026-03-26T07:00:00.000Z',
    });
  });

  it('asks for the week from Monday, and moves a week at a time; a short day is a short day', () => {
    const { result } = renderHook(() => useTimelineRange('Europe/London', WEDNESDAY_NOON));
    act(() => result.current.setMode('week'));
    expect(result.current).toMatchObject({ first: '2026-03-23', days: 7 });
    // The week holds the spring-forward Sunday: it ends at BST midnight.
    expect(result.current.to).toBe('2026-03-29T23:00:00.000Z');
    act(() => result.current.next());
    expect(result.current.first).toBe('2026-03-30');
  });
});
