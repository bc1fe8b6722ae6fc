// Dragging zones on the layout canvas with the pointer: a zone's body moves it, a handle resizes it, both snapped
// (geometry.ts) to a grid and to the other zones' and the screen's edges; Alt held drags freely. The pointer's
// travel is turned into percent of the canvas as measured when the drag starts. Arrow keys nudge a focused zone.

import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import {
  LAYOUT_MIN_ZONE_PERCENT,
  LAYOUT_NUDGE_PERCENT,
  LAYOUT_SNAP_EDGE_PERCENT,
  LAYOUT_SNAP_GRID_PERCENT,
} from '../constants';
import { moveRect, nudgeRect, resizeRect, type Handle, type Rect, type SnapOptions } from './geometry';

interface Drag {
  key: string;
  handle: Handle | null;
  pointerId: number;
  startX: number;
  startY: number;
  start: Rect;
  others: Rect[];
  /** The canvas's size in CSS pixels. */
  width: number;
  height: number;
}

interface Placed extends Rect {
  key: string;
}

const SNAP: SnapOptions = {
  grid: LAYOUT_SNAP_GRID_PERCENT,
  threshold: LAYOUT_SNAP_EDGE_PERCENT,
  minSize: LAYOUT_MIN_ZONE_PERCENT,
};
const FREE: SnapOptions = { grid: 0, threshold: 0, minSize: LAYOUT_MIN_ZONE_PERCENT };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function useZoneDrag({
  canvas,
  zones,
  onPlace,
  onSelect,
}: {
  canvas: RefObject<HTMLElement | null>;
  zones: readonly Placed[];
  onPlace(key: string, rect: Rect): void;
  onSelect(key: string): void;
}) {
  const drag = useRef<Drag | null>(null);

  const begin = (key: string, handle: Handle | null) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || canvas.current === null) return;
    const zone = zones.find((candidate) => candidate.key === key);
    if (zone === undefined) return;
    // A handle sits on its zone: the zone's own move must not start too.
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const box = canvas.current.getBoundingClientRect();
    drag.current = {
      key,
      handle,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: { x: zone.x, y: zone.y, width: zone.width, height: zone.height },
      others: zones.filter((other) => other.key !== key),
      width: box.width,
      height: box.height,
    };
    onSelect(key);
  };

  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (
      current === null ||
      event.pointerId !== current.pointerId ||
      current.width === 0 ||
      current.height === 0
    )
      return;
    event.stopPropagation();
    const dx = ((event.clientX - current.startX) / current.width) * 100;
    const dy = ((event.clientY - current.startY) / current.height) * 100;
    const options = event.altKey ? FREE : SNAP;
    onPlace(
      current.key,
      current.handle === null
        ? moveRect(current.start, dx, dy, current.others, options)
        : resizeRect(current.start, current.handle, dx, dy, current.others, options),
    );
  };

  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    event.stopPropagation();
    follow(event);
    drag.current = null;
  };

  const nudge = (key: string) => (event: KeyboardEvent<HTMLElement>) => {
    const arrow = ARROWS[event.key];
    const zone = zones.find((candidate) => candidate.key === key);
    if (arrow === undefined || zone === undefined) return;
    event.preventDefault();
    const step = event.shiftKey ? LAYOUT_SNAP_GRID_PERCENT : LAYOUT_NUDGE_PERCENT;
    onPlace(key, nudgeRect(zone, arrow[0] * step, arrow[1] * step));
  };

  return {
    zoneProps: (key: string) => ({
      onPointerDown: begin(key, null),
      onPointerMove: follow,
      onPointerUp: end,
      onPointerCancel: end,
      onKeyDown: nudge(key),
    }),
    handleProps: (key: string, handle: Handle) => ({
      onPointerDown: begin(key, handle),
      onPointerMove: follow,
      onPointerUp: end,
      onPointerCancel: end,
    }),
  };
}
