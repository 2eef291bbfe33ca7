import { describe, expect, it } from 'vitest';
import { capCount, formatDateTime } from './counters.ts';
import { FORM_ID_EMPTY, FORM_ID_NOT_NUMERIC, formIdFromPath } from './formId.ts';

describe('formIdFromPath', () => {
  it('reads the numeric id from the last segment', () => {
    expect(formIdFromPath('/form/list/12')).toEqual({ ok: true, formId: 12 });
    expect(formIdFromPath('/full/custom/7?x=1')).toEqual({ ok: true, formId: 7 });
  });
  it('refuses a missing id and a non-numeric one', () => {
    expect(formIdFromPath('/')).toEqual({ ok: false, message: FORM_ID_EMPTY });
    expect(formIdFromPath('/form/list/abc')).toEqual({ ok: false, message: FORM_ID_NOT_NUMERIC });
    expect(formIdFromPath('/form/list/0')).toEqual({ ok: false, message: FORM_ID_NOT_NUMERIC });
    expect(formIdFromPath('/form/list/1e3')).toEqual({ ok: false, message: FORM_ID_NOT_NUMERIC });
  });
});

describe('counters', () => {
  it('caps at 99 and never shows a negative', () => {
    expect(capCount(5)).toBe(5);
    expect(capCount(100)).toBe(99);
    expect(capCount(-1)).toBe(0);
    expect(capCount(Number.NaN)).toBe(0);
  });
  it('formats dates as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});
