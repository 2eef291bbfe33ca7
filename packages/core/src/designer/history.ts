/**
 * Undo and redo of a design (Ctrl+Z / Ctrl+Y): a form's, or a report's settingMeta. Designs are immutable values, so each step keeps
 * the whole design and undo restores exactly the JSON it had.
 */
import type { FormMeta } from '../form/types.ts';

export interface DesignHistory<T = FormMeta> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /**
   * The last edit's tag and time: typing into one property field makes a single step, not one
   * per key stroke.
   */
  lastTag?: string;
  lastAt?: number;
}

/** Steps kept; older ones fall off. */
export const HISTORY_LIMIT = 100;
/** Edits with the same tag closer together than this are one step. */
export const COALESCE_MS = 1000;

export function startHistory<T = FormMeta>(meta: T): DesignHistory<T> {
  return { past: [], present: meta, future: [] };
}

export function recordStep<T>(history: DesignHistory<T>, next: T, tag?: string, now = Date.now()): DesignHistory<T> {
  if (next === history.present) return history;
  const coalesce =
    tag !== undefined && tag === history.lastTag && history.lastAt !== undefined && now - history.lastAt < COALESCE_MS;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastTag: tag, lastAt: now };
}

export const canUndo = <T>(history: DesignHistory<T>) => history.past.length > 0;
export const canRedo = <T>(history: DesignHistory<T>) => history.future.length > 0;

export function undo<T>(history: DesignHistory<T>): DesignHistory<T> {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: DesignHistory<T>): DesignHistory<T> {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
