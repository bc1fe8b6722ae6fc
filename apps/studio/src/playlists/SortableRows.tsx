// A list reordered by drag (mouse, touch, or the keyboard: focus a handle, Space, arrows, Space), with @dnd-kit.
// Each row gets the props of its drag handle; the list only says which row was dropped where.

import type { CSSProperties, ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface DragHandle {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

function SortableRow({ id, children }: { id: string; children: (handle: DragHandle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  return (
    <div ref={setNodeRef} style={style}>
      {children({ attributes, listeners })}
    </div>
  );
}

export function SortableRows<T extends { key: string }>({
  rows,
  onMove,
  children,
}: {
  rows: readonly T[];
  onMove(from: string, to: string): void;
  children: (row: T, index: number, handle: DragHandle) => ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click in a field of the row is still a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={({ active, over }) => {
        if (over !== null && active.id !== over.id) onMove(String(active.id), String(over.id));
      }}
    >
      <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
        {rows.map((row, index) => (
          <SortableRow key={row.key} id={row.key}>
            {(handle) => children(row, index, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}
