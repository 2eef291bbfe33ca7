import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_MAX_AGE_MS, draftKey, readDraft, writeDraft, type DraftStorage } from './draftStore.ts';

function memory(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the draft kept in the browser', () => {
  it('is one per user, form and record', () => {
    expect(draftKey(7, 12, null)).toBe('park-m-draft:7:12:new');
    expect(draftKey(7, 12, '99')).toBe('park-m-draft:7:12:99');
    expect(draftKey(8, 12, null)).not.toBe(draftKey(7, 12, null));
  });

  it('gives back what was typed, sub-table rows included, until it is cleared', () => {
    const s = memory();
    const key = draftKey(1, 2, null);
    const values = { plate_no: '皖A12345', rated_load: 40, goods_items: [{ goods_name: '甲醇' }], loaded: true };
    expect(writeDraft(s, key, values, 1000)).toBe(true);
    expect(readDraft(s, key, 2000)).toEqual({ values, savedAt: 1000 });
    clearDraft(s, key);
    expect(readDraft(s, key, 2000)).toBeNull();
  });

  it('drops a draft too old or unreadable, and survives a browser that refuses', () => {
    const s = memory();
    const key = draftKey(1, 2, null);
    writeDraft(s, key, { a: '1' }, 0);
    expect(readDraft(s, key, DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(s.data.has(key)).toBe(false);
    s.setItem(key, '{not json');
    expect(readDraft(s, key)).toBeNull();
    s.setItem(key, JSON.stringify({ values: 'x', savedAt: 1 }));
    expect(readDraft(s, key)).toBeNull();
    const full: DraftStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(writeDraft(full, key, { a: '1' })).toBe(false);
    expect(writeDraft(null, key, { a: '1' })).toBe(false);
    expect(readDraft(null, key)).toBeNull();
  });
});
