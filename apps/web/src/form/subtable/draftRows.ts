import { createContext } from 'react';
import type { StoredRow } from '@park/core';

/** A sub-table row not saved yet: kept in the add dialog until the parent is submitted with it. */
export interface DraftRow {
  id: string;
  stored: StoredRow;
}

/**
 * Sub-table rows held in the browser while the parent is not saved: the add dialog of a form
 * that 提交s for approval saves parent, rows and the approval start in one call (issue 20).
 * Without it (the default) every sub-table action needs the saved parent first (spec 000 §2).
 */
export interface DraftRows {
  rows: Readonly<Record<string, readonly DraftRow[]>>;
  set(subKey: string, rows: DraftRow[]): void;
}

export const DraftRowsContext = createContext<DraftRows | null>(null);

let seq = 0;
export const draftId = () => `draft-${++seq}`;
