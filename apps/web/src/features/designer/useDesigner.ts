import { useMemo, useReducer, useState } from 'react';
import {
  addFromPalette,
  canDrop,
  canRedo,
  canUndo,
  clockIds,
  cloneControl,
  copyControl,
  designProblems,
  findControl,
  insertControl,
  isSubTable,
  moveControl,
  recordStep,
  redo,
  removeControl,
  ROOT,
  startHistory,
  undo,
  updateControl,
  type ControlType,
  type DesignHistory,
  type FormControl,
  type FormMeta,
  type IdSource,
  type Place,
} from '@park/core';

/**
 * The designer's state: the design with its undo history, the selected control and the
 * clipboard. Every edit goes through core's pure operations (packages/core/src/designer), so
 * what the canvas shows is what the tests check.
 */
interface State {
  history: DesignHistory;
  selected: string | null;
  clipboard: FormControl | null;
}

type Action =
  | { kind: 'add'; type: ControlType; place?: Place; ids: IdSource }
  | { kind: 'move'; key: string; place: Place }
  | { kind: 'remove'; key: string }
  | { kind: 'copy'; key: string; ids: IdSource }
  | { kind: 'toClipboard'; key: string }
  | { kind: 'paste'; ids: IdSource; control?: FormControl }
  | { kind: 'update'; key: string; control: FormControl }
  | { kind: 'updateMeta'; change: (meta: FormMeta) => FormMeta; tag: string }
  | { kind: 'replace'; meta: FormMeta }
  | { kind: 'select'; key: string | null }
  | { kind: 'undo' }
  | { kind: 'redo' };

/** Where a new or pasted control goes: after the selection, inside a selected sub-table, or last. */
function placeNear(meta: FormMeta, selected: string | null, control: FormControl): Place {
  const found = selected ? findControl(meta, selected) : undefined;
  if (found && isSubTable(found.control)) {
    const slot = { kind: 'table' as const, tableKey: String(found.control.key) };
    if (canDrop(meta, control, slot)) return { slot, index: Number.MAX_SAFE_INTEGER };
  }
  if (found && canDrop(meta, control, found.place.slot)) return { slot: found.place.slot, index: found.place.index + 1 };
  return { slot: ROOT, index: meta.list.length };
}

function step(state: State, meta: FormMeta, select?: string | null, tag?: string): State {
  const history = recordStep(state.history, meta, tag);
  const selected = select === undefined ? state.selected : select;
  return history === state.history && selected === state.selected ? state : { ...state, history, selected };
}

/* Every edit is computed here from the state it applies to, so quick successive edits never
   work on a stale design. */
function reducer(state: State, action: Action): State {
  const meta = state.history.present;
  switch (action.kind) {
    case 'add': {
      const place = action.place ?? placeNear(meta, state.selected, { type: action.type, options: {} });
      const r = addFromPalette(meta, action.type, place, action.ids);
      return r.key ? step(state, r.meta, r.key) : state;
    }
    case 'move': {
      const next = moveControl(meta, action.key, action.place);
      return next === meta ? state : step(state, next, action.key);
    }
    case 'remove':
      return step(state, removeControl(meta, action.key), state.selected === action.key ? null : undefined);
    case 'copy': {
      const r = copyControl(meta, action.key, action.ids);
      return r ? step(state, r.meta, r.key) : state;
    }
    case 'toClipboard': {
      // The control as it is now; each paste makes a fresh copy of it.
      const found = findControl(meta, action.key);
      return found ? { ...state, clipboard: found.control } : state;
    }
    case 'paste': {
      // A control from the system clipboard (copied in any designer) comes first.
      const source = action.control ?? state.clipboard;
      if (!source) return state;
      const control = cloneControl(meta, source, action.ids, action.control !== undefined);
      const next = insertControl(meta, control, placeNear(meta, state.selected, control));
      return next === meta ? state : step(state, next, String(control.key));
    }
    case 'update':
      // Typing in one property field is one undo step, not one per key stroke.
      return step(state, updateControl(meta, action.key, action.control), undefined, `control:${action.key}`);
    case 'updateMeta':
      return step(state, action.change(meta), undefined, action.tag);
    case 'replace':
      return step(state, action.meta, null);
    case 'select':
      return state.selected === action.key ? state : { ...state, selected: action.key };
    case 'undo':
    case 'redo': {
      const history = action.kind === 'undo' ? undo(state.history) : redo(state.history);
      // The selection survives when its control still exists in the restored design.
      const selected = state.selected && findControl(history.present, state.selected) ? state.selected : null;
      return { ...state, history, selected };
    }
  }
}

export function useDesigner(initial: FormMeta) {
  const [state, dispatch] = useReducer(reducer, undefined, () => ({
    history: startHistory(initial),
    selected: null,
    clipboard: null,
  }));
  const [ids] = useState(() => clockIds());
  const meta = state.history.present;
  const problems = useMemo(() => designProblems(meta), [meta]);

  const actions = useMemo(
    () => ({
      select: (key: string | null) => dispatch({ kind: 'select', key }),
      add: (type: ControlType, place?: Place) => dispatch({ kind: 'add', type, place, ids }),
      move: (key: string, place: Place) => dispatch({ kind: 'move', key, place }),
      remove: (key: string) => dispatch({ kind: 'remove', key }),
      copy: (key: string) => dispatch({ kind: 'copy', key, ids }),
      toClipboard: (key: string) => dispatch({ kind: 'toClipboard', key }),
      paste: (control?: FormControl) => dispatch({ kind: 'paste', ids, control }),
      update: (key: string, control: FormControl) => dispatch({ kind: 'update', key, control }),
      updateMeta: (change: (meta: FormMeta) => FormMeta, tag: string) => dispatch({ kind: 'updateMeta', change, tag }),
      replace: (next: FormMeta) => dispatch({ kind: 'replace', meta: next }),
      undo: () => dispatch({ kind: 'undo' }),
      redo: () => dispatch({ kind: 'redo' }),
    }),
    [ids],
  );

  return {
    meta,
    problems,
    selected: state.selected,
    clipboard: state.clipboard,
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    actions,
  };
}

export type DesignerActions = ReturnType<typeof useDesigner>['actions'];
