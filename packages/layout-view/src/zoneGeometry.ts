// Where a zone sits on its layout (docs/layouts.md §Playback): a box in percent of the frame, so the same layout
// fills a landscape or a portrait frame alike (the outer player rotates the frame; a layout only sees its size).
// Zones may overlap: a higher `z` is in front; a zone without one stacks at its place in the list (its index), and
// zones of equal stacking order stack in list order, later in front.

import type { CSSProperties } from 'react';

/** A zone's place: percent of the frame, and its stacking order when it has one. */
export interface ZoneBox {
  x: number;
  y: number;
  width: number;
  height: number;
  z?: number | undefined;
}

export interface PlacedZone<T extends ZoneBox> {
  zone: T;
  style: CSSProperties;
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

/** The zones in paint order (back to front), each with its absolute box; a box never reaches past the frame. */
export function placeZones<T extends ZoneBox>(zones: readonly T[]): Array<PlacedZone<T>> {
  return zones
    .map((zone, index) => ({ zone, index }))
    .sort((a, b) => (a.zone.z ?? a.index) - (b.zone.z ?? b.index) || a.index - b.index)
    .map(({ zone }, rank) => {
      const x = clampPercent(zone.x);
      const y = clampPercent(zone.y);
      return {
        zone,
        style: {
          position: 'absolute',
          left: `${x}%`,
          top: `${y}%`,
          width: `${Math.min(clampPercent(zone.width), 100 - x)}%`,
          height: `${Math.min(clampPercent(zone.height), 100 - y)}%`,
          zIndex: rank + 1,
          overflow: 'hidden',
        },
      };
    });
}
