import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { CALENDAR_HOUR_PX } from '../constants';
import { minuteAt, useDragToCreate, windowBetween } from './useDragToCreate';

function Column({ onCreate }: { onCreate: Parameters<typeof useDragToCreate>[0] }) {
  const drag = useDragToCreate(onCreate);
  return (
    <div data-testid="day" {...drag.columnProps(2)}>
      {drag.dragging !== null && (
        <span data-testid="ghost">{`${drag.dragging.startMinute}-${drag.dragging.endMinute}`}</span>
      )}
    </div>
  );
}

const y = (hours: number) => hours * CALENDAR_HOUR_PX;

describe('useDragToCreate', () => {
  it('snaps to a quarter of an hour within the day', () => {
    expect(minuteAt(y(6) + 3)).toBe(360);
    expect(minuteAt(y(6.2))).toBe(375);
    expect(minuteAt(-10)).toBe(0);
    expect(minuteAt(y(30))).toBe(1440);
  });

  it('makes the window dragged over, upwards or downwards, and an hour for a click', () => {
    expect(windowBetween(1, 600, 480)).toEqual({ day: 1, startMinute: 480, endMinute: 600 });
    expect(windowBetween(1, 600, 600)).toEqual({ day: 1, startMinute: 600, endMinute: 660 });
    expect(windowBetween(1, 1440, 1440)).toEqual({ day: 1, startMinute: 1380, endMinute: 1440 });
  });

  it('draws the window while dragging and hands it over on release', () => {
    const onCreate = vi.fn();
    const { getByTestId, queryByTestId } = render(<Column onCreate={onCreate} />);
    const day = getByTestId('day');
    fireEvent.pointerDown(day, { button: 0, clientY: y(6), pointerId: 1 });
    fireEvent.pointerMove(day, { clientY: y(9), pointerId: 1 });
    expect(getByTestId('ghost').textContent).toBe('360-540');
    fireEvent.pointerUp(day, { clientY: y(9), pointerId: 1 });
    expect(onCreate).toHaveBeenCalledWith({ day: 2, startMinute: 360, endMinute: 540 });
    expect(queryByTestId('ghost')).toBeNull();
  });
});
