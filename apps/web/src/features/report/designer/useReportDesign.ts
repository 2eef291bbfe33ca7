import { useCallback, useEffect, useState } from 'react';
import {
  applyGrid,
  canRedo,
  canUndo,
  copyWidget,
  findWidgetIn,
  nextFreeRow,
  nextWidgetId,
  recordStep,
  redo,
  replaceWidgetIn,
  startHistory,
  undo,
  WIDGET_DEFINITIONS,
  type DesignHistory,
  type GridCell,
  type ReportWidget,
  type WidgetKind,
} from '@park/core';

/**
 * The designer's state: the widgets as an undoable history (every change one step; typing into one
 * field within a second is one step), and the selected widget.
 */
export function useReportDesign(initial: ReportWidget[]) {
  const [history, setHistory] = useState<DesignHistory<ReportWidget[]>>(() => startHistory(initial));
  const [selected, setSelected] = useState<number | null>(null);
  const [saved, setSaved] = useState<ReportWidget[]>(initial);
  const widgets = history.present;

  const change = useCallback((next: ReportWidget[], tag?: string) => setHistory((h) => recordStep(h, next, tag)), []);

  const add = (kind: WidgetKind, cell?: GridCell) => {
    const id = nextWidgetId(widgets);
    const w = WIDGET_DEFINITIONS[kind].create({ id, x: cell ? cell.x + 1 : 1, y: cell ? cell.y + 1 : nextFreeRow(widgets) });
    change([...widgets, w]);
    setSelected(id);
  };
  const update = (w: ReportWidget, tag?: string) => change(replaceWidgetIn(widgets, w.id, w), tag ? `${w.id}:${tag}` : undefined);
  const remove = (id: number) => {
    change(replaceWidgetIn(widgets, id, null));
    if (selected === id) setSelected(null);
  };
  const duplicate = (id: number) => {
    const w = findWidgetIn(widgets, id);
    if (!w) return;
    const copy = copyWidget(widgets, w);
    change([...widgets, copy]);
    setSelected(copy.id);
  };
  const layout = (cells: GridCell[]) => {
    const next = applyGrid(widgets, cells);
    if (next.some((w, i) => w !== widgets[i])) change(next);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, [contenteditable="true"]') !== null)) return;
      if (e.key.toLowerCase() === 'z') {
        e.preventDefault();
        setHistory(e.shiftKey ? redo : undo);
      } else if (e.key.toLowerCase() === 'y') {
        e.preventDefault();
        setHistory(redo);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return {
    widgets,
    selected: selected === null ? null : findWidgetIn(widgets, selected),
    select: setSelected,
    add,
    update,
    remove,
    duplicate,
    layout,
    /** Every widget at once (one undo step): the conversion of a form's list settings. */
    replaceAll: (next: ReportWidget[]) => change(next),
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    dirty: widgets !== saved,
    markSaved: () => setSaved(widgets),
  };
}
