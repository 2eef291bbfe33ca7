import { createContext } from 'react';
import type { StoredRow } from '@park/core';

/** A sub-table row not saved yet: kept in the add dialog until the parent is submitted with it. */
export interface DraftRow {
  id: string;
  stored: StoredRow;
}

/**
 * Sub-table rows held in the browser while the parent is not saved: the add dialog saves parent
 * and rows in one call (addpcformdata), or with the approval start when it 提交s (issue 20).
 * Issue 42: on every form, not only approval ones, so rows never need the parent saved first.
 * Without a provider (a record opened elsewhere) the panel needs a saved parent (spec 000 §2).
 */
export interface DraftRows {
  rows: Readonly<Record<string, readonly DraftRow[]>>;
  set(subKey: string, rows: DraftRow[]): void;
}

export const DraftRowsContext = createContext<DraftRows | null>(null);

let seq = 0;
export const draftId = () => `draft-${++seq}`;
