import type { Over } from '@dnd-kit/core';
import type { Slot } from '@park/core';
import { describe, expect, it } from 'vitest';
import { dropPlace, pointerAtEnd } from './dnd.ts';

const table: Slot = { kind: 'table', tableKey: 't1' };
const root: Slot = { kind: 'root' };
/** A control at `index` of `slot`, drawn at x 100–200, y 50–90. */
const overControl = (slot: Slot, index: number): Over =>
  ({
    id: `c${index}`,
    rect: { left: 100, top: 50, width: 100, height: 40, right: 200, bottom: 90 },
    disabled: false,
    data: { current: { slot, sortable: { containerId: 'list', index, items: [] } } },
  }) as unknown as Over;
const length = () => 5;

describe('dropPlace', () => {
  it('puts a new control before a sub-table column on its left half and after it on its right half', () => {
    expect(dropPlace(overControl(table, 2), length, { x: 120, y: 200 })).toEqual({ slot: table, index: 2 });
    expect(dropPlace(overControl(table, 2), length, { x: 180, y: 0 })).toEqual({ slot: table, index: 3 });
  });

  it('uses the upper and lower halves in the form and in grid columns', () => {
    expect(dropPlace(overControl(root, 4), length, { x: 190, y: 60 })).toEqual({ slot: root, index: 4 });
    expect(dropPlace(overControl(root, 4), length, { x: 110, y: 85 })).toEqual({ slot: root, index: 5 });
  });

  it('keeps the sortable index for a move within one list, and without a pointer', () => {
    expect(dropPlace(overControl(root, 1), length, { x: 150, y: 89 }, true)).toEqual({ slot: root, index: 1 });
    expect(dropPlace(overControl(table, 1), length, null)).toEqual({ slot: table, index: 1 });
  });

  it('drops at the end of an area, and nowhere over nothing', () => {
    const area = { id: 'slot:root', rect: {}, disabled: false, data: { current: { dropSlot: root } } } as unknown as Over;
    expect(dropPlace(area, length, { x: 0, y: 0 })).toEqual({ slot: root, index: 5 });
    expect(dropPlace(null, length)).toBeNull();
  });
});

describe('pointerAtEnd', () => {
  it('adds the drag distance to where the pointer went down', () => {
    expect(pointerAtEnd({ clientX: 10, clientY: 20 } as unknown as Event, { x: 5, y: -3 })).toEqual({ x: 15, y: 17 });
    expect(pointerAtEnd(null, { x: 1, y: 1 })).toBeNull();
    expect(pointerAtEnd({ key: 'Enter' } as unknown as Event, { x: 1, y: 1 })).toBeNull();
  });
});
