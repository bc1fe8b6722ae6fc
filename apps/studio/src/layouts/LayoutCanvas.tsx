import type { RefObject } from 'react';
import { Box, Text } from '@mantine/core';
import type { LayoutAspect } from '@marquee/protocol';
import { HANDLES, type Handle } from './geometry';
import type { DraftZone } from './layoutDraft';
import type { useZoneDrag } from './useZoneDrag';

/** Where each handle sits on its zone, in percent of the zone. */
const HANDLE_AT: Record<Handle, { left: string; top: string; cursor: string }> = {
  nw: { left: '0%', top: '0%', cursor: 'nwse-resize' },
  n: { left: '50%', top: '0%', cursor: 'ns-resize' },
  ne: { left: '100%', top: '0%', cursor: 'nesw-resize' },
  e: { left: '100%', top: '50%', cursor: 'ew-resize' },
  se: { left: '100%', top: '100%', cursor: 'nwse-resize' },
  s: { left: '50%', top: '100%', cursor: 'ns-resize' },
  sw: { left: '0%', top: '100%', cursor: 'nesw-resize' },
  w: { left: '0%', top: '50%', cursor: 'ew-resize' },
};

export interface CanvasZone extends DraftZone {
  /** What it shows, in a few words. */
  label: string;
  /** Outside the screen or otherwise misplaced. */
  flagged: boolean;
}

/** The screen drawn at its aspect, its zones placed in percent; the selected zone has resize handles. */
export function LayoutCanvas({
  canvas,
  aspect,
  background,
  zones,
  selectedKey,
  drag,
}: {
  canvas: RefObject<HTMLDivElement | null>;
  aspect: LayoutAspect;
  background: string;
  zones: CanvasZone[];
  selectedKey: string | null;
  drag: ReturnType<typeof useZoneDrag>;
}) {
  return (
    <Box
      ref={canvas}
      data-testid="layout-canvas"
      data-aspect={aspect}
      style={{
        position: 'relative',
        aspectRatio: aspect === 'landscape' ? '16 / 9' : '9 / 16',
        width: aspect === 'landscape' ? '100%' : 'min(100%, 340px)',
        margin: '0 auto',
        background,
        borderRadius: 6,
        outline: '1px solid var(--mantine-color-gray-4)',
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      {zones.map((zone) => {
        const selected = zone.key === selectedKey;
        return (
          <Box
            key={zone.key}
            role="button"
            tabIndex={0}
            aria-label={`Zone ${zone.name || zone.id}`}
            aria-pressed={selected}
            data-zone={zone.id}
            data-invalid={zone.flagged || undefined}
            {...drag.zoneProps(zone.key)}
            style={{
              position: 'absolute',
              left: `${zone.x}%`,
              top: `${zone.y}%`,
              width: `${zone.width}%`,
              height: `${zone.height}%`,
              zIndex: zone.z + 1,
              cursor: 'move',
              background: selected ? 'rgba(76, 110, 245, 0.45)' : 'rgba(134, 142, 150, 0.45)',
              border: zone.flagged
                ? '2px dashed var(--mantine-color-red-6)'
                : `2px solid ${selected ? 'var(--mantine-color-indigo-4)' : 'rgba(255, 255, 255, 0.6)'}`,
              overflow: 'visible',
            }}
          >
            <Text size="xs" c="white" fw={700} p={4} truncate style={{ pointerEvents: 'none' }}>
              {zone.name || zone.id}
            </Text>
            <Text size="xs" c="white" px={4} truncate style={{ pointerEvents: 'none' }}>
              {zone.label}
            </Text>
            {selected &&
              HANDLES.map((handle) => (
                <Box
                  key={handle}
                  aria-label={`Resize ${zone.name || zone.id} ${handle}`}
                  data-handle={handle}
                  {...drag.handleProps(zone.key, handle)}
                  style={{
                    position: 'absolute',
                    ...HANDLE_AT[handle],
                    width: 12,
                    height: 12,
                    transform: 'translate(-50%, -50%)',
                    background: 'white',
                    border: '2px solid var(--mantine-color-indigo-6)',
                    borderRadius: 2,
                    zIndex: 1,
                  }}
                />
              ))}
          </Box>
        );
      })}
    </Box>
  );
}
