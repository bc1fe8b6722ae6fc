// Drag down a day of the week calendar to make a window: the minutes under the pointer, snapped to a quarter of
// an hour, from where the drag began to where it is. A click without a drag makes an hour.

import { useState, type PointerEvent } from 'react';
import { CALENDAR_HOUR_PX, CALENDAR_SNAP_MINUTES } from '../constants';

export interface DragWindow {
  day: number;
  startMinute: number;
  endMinute: number;
}

/** The minute of the day at `offsetY` pixels down a day column, snapped, within 0-1440. */
export function minuteAt(offsetY: number): number {
  const minute =
    Math.round(((offsetY / CALENDAR_HOUR_PX) * 60) / CALENDAR_SNAP_MINUTES) * CALENDAR_SNAP_MINUTES;
  return Math.min(1440, Math.max(0, minute));
}

/** The window between the minute a drag began at and the one it is at, an hour when they are the same. */
export function windowBetween(day: number, anchor: number, current: number): DragWindow {
  if (anchor === current) {
    const start = Math.min(anchor, 1440 - 60);
    return { day, startMinute: start, endMinute: start + 60 };
  }
  return { day, startMinute: Math.min(anchor, current), endMinute: Math.max(anchor, current) };
}

const offsetIn = (event: PointerEvent<HTMLElement>) =>
  event.clientY - event.currentTarget.getBoundingClientRect().top;

export function useDragToCreate(onCreate: (window: DragWindow) => void) {
  const [drag, setDrag] = useState<{ day: number; anchor: number; current: number } | null>(null);
  return {
    /** The window being dragged, to draw. */
    dragging: drag === null ? null : windowBetween(drag.day, drag.anchor, drag.current),
    columnProps: (day: number) => ({
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0 || event.target !== event.currentTarget) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        const minute = minuteAt(offsetIn(event));
        setDrag({ day, anchor: minute, current: minute });
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (drag === null || drag.day !== day) return;
        const minute = minuteAt(offsetIn(event));
        if (minute !== drag.current) setDrag({ ...drag, current: minute });
      },
      onPointerUp() {
        if (drag === null || drag.day !== day) return;
        setDrag(null);
        onCreate(windowBetween(drag.day, drag.anchor, drag.current));
      },
      onPointerCancel: () => setDrag(null),
    }),
  };
}
