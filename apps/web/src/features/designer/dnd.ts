import type { Active, ClientRect, CollisionDetection, Over } from '@dnd-kit/core';
import { pointerWithin, rectIntersection } from '@dnd-kit/core';
import type { ControlType, Place, Slot } from '@park/core';

/**
 * What the designer's drag and drop carries. Palette entries, canvas controls (sortable, by
 * key) and drop areas (the form, each grid column, each sub-table) are told apart by `data`.
 */
export type DragData = { from: 'palette'; type: ControlType } | { from: 'canvas'; key: string };

export function slotId(slot: Slot): string {
  if (slot.kind === 'root') return 'slot:root';
  if (slot.kind === 'grid') return `slot:grid:${slot.gridKey}:${slot.column}`;
  return `slot:table:${slot.tableKey}`;
}

interface SortableData {
  sortable?: { containerId: string | number; index: number };
  slot?: Slot;
  dropSlot?: Slot;
}

/**
 * Where a drop lands. Over a drop area: at its end. Over a control: at that control's place, the
 * way a sortable list reports it (for a move within one list, the index after the move).
 */
export function dropPlace(over: Over | null, listLength: (slot: Slot) => number): Place | null {
  if (!over) return null;
  const data = (over.data.current ?? {}) as SortableData;
  if (data.dropSlot) return { slot: data.dropSlot, index: listLength(data.dropSlot) };
  if (data.slot && data.sortable) return { slot: data.slot, index: data.sortable.index };
  return null;
}

const area = (rect: ClientRect) => rect.width * rect.height;

/**
 * The innermost target under the pointer: drop areas nest (a grid column inside the form, a
 * control inside a column), and the smallest one containing the pointer is the one meant. The
 * dragged control's own areas are skipped: nothing goes inside itself.
 */
export function innermost(activeInside: (overId: string, active: Active) => boolean): CollisionDetection {
  return (args) => {
    const hits = pointerWithin(args).filter((c) => !activeInside(String(c.id), args.active));
    const candidates = hits.length > 0 ? hits : rectIntersection(args).filter((c) => !activeInside(String(c.id), args.active));
    const rects = args.droppableRects;
    return [...candidates].sort((a, b) => {
      const ra = rects.get(a.id);
      const rb = rects.get(b.id);
      return (ra ? area(ra) : Infinity) - (rb ? area(rb) : Infinity);
    });
  };
}
