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

/** The box around a sub-table (title and columns): a drop anywhere in it goes into the columns. */
export function tableBoxId(slot: Slot & { kind: 'table' }): string {
  return `${slotId(slot)}:box`;
}

/** Whether a drop target belongs to the control `key` itself: its grid columns or its sub-table. */
export function isAreaOf(overId: string, key: string): boolean {
  return overId.startsWith(`slot:grid:${key}:`) || overId === `slot:table:${key}` || overId === `slot:table:${key}:box`;
}

interface SortableData {
  sortable?: { containerId: string | number; index: number };
  slot?: Slot;
  dropSlot?: Slot;
}

/**
 * Where a drop lands. Over a drop area: at its end. Over a control in the list the dragged control
 * comes from: at that control's place, the way a sortable list reports it (the index after the
 * move). Over a control of another list, or with a new control from the palette: before it when
 * the pointer is on its first half, after it on its second — left and right in a sub-table's
 * columns, above and below elsewhere — so the last place of a list can be reached too.
 */
export function dropPlace(
  over: Over | null,
  listLength: (slot: Slot) => number,
  pointer: { x: number; y: number } | null = null,
  sameList = false,
): Place | null {
  if (!over) return null;
  const data = (over.data.current ?? {}) as SortableData;
  if (data.dropSlot) return { slot: data.dropSlot, index: listLength(data.dropSlot) };
  if (!data.slot || !data.sortable) return null;
  const index = data.sortable.index;
  if (sameList || !pointer) return { slot: data.slot, index };
  const r = over.rect;
  const after = data.slot.kind === 'table' ? pointer.x > r.left + r.width / 2 : pointer.y > r.top + r.height / 2;
  return { slot: data.slot, index: after ? index + 1 : index };
}

/** Where the pointer was when a drag ended: where it started plus how far it moved. */
export function pointerAtEnd(activatorEvent: Event | null, delta: { x: number; y: number }): { x: number; y: number } | null {
  const start = activatorEvent as { clientX?: unknown; clientY?: unknown } | null;
  if (!start || typeof start.clientX !== 'number' || typeof start.clientY !== 'number') return null;
  return { x: start.clientX + delta.x, y: start.clientY + delta.y };
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
