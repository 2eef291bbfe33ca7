/**
 * What was typed into a form on the phone, kept in the browser until it is saved (issue 37: a
 * lost connection keeps what was typed). One draft per user, form and record ('new' for an add);
 * written as the values change, read when the page opens again, removed once the server has it.
 * Only localStorage: nothing leaves the phone until the user saves.
 */
import type { FormValues } from '@park/core';

export interface Draft {
  values: FormValues;
  /** When it was written (ms since epoch). */
  savedAt: number;
}

/** Drafts older than this are dropped when read: a week-old half-filled entry is not what anyone means. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600_000;
const PREFIX = 'park-m-draft';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(userId: number | string, formId: number, recordId: string | null): string {
  return `${PREFIX}:${userId}:${formId}:${recordId ?? 'new'}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readDraft(storage: DraftStorage | null, key: string, now = Date.now()): Draft | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || !isRecord(parsed.values) || typeof parsed.savedAt !== 'number') throw new Error('bad draft');
    if (now - parsed.savedAt > DRAFT_MAX_AGE_MS) {
      storage.removeItem(key);
      return null;
    }
    return { values: parsed.values as FormValues, savedAt: parsed.savedAt };
  } catch {
    // Unreadable (another version wrote it): dropped rather than shown wrong.
    storage.removeItem(key);
    return null;
  }
}

/** Keeps the values; false when the browser refused (private mode, storage full). */
export function writeDraft(storage: DraftStorage | null, key: string, values: FormValues, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify({ values, savedAt: now } satisfies Draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: DraftStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the draft stays until the browser lets it go.
  }
}

/** The page's storage, or null where the browser gives none. */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** "10:32 保存的草稿": when a draft was kept, as the page says it. */
export function draftTimeText(savedAt: number): string {
  const d = new Date(savedAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
