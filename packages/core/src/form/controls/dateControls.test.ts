import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FormControl } from '../types.ts';
import { formatDateParts, parseLooseDate, STORED_FORMAT } from '../lib/dateText.ts';
import { isStoredText } from './dateControls.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}): FormControl => ({ type, model: 'd', name: '日期', options });
const NOW = { currentDate: '2026-05-06 07:08:09' };

describe('date controls', () => {
  it('store canonical text whatever the value format', () => {
    const cn = ctl('date', { format: 'yyyy年MM月dd日' });
    expect(D.date.codec.toStored('2026年03月05日', cn)).toEqual({ d: '2026-03-05' });
    expect(D.date.codec.fromStored({ d: '2026-03-05' }, cn)).toBe('2026年03月05日');
    expect(D.date.validate('2026-03-05', cn)).toBe('日期不是有效的日期');
    expect(D.date.validate('2026年02月30日', cn)).toBe('日期不是有效的日期');
  });

  it('fall back to the stored format when options.format cannot carry the value', () => {
    const partial = ctl('date', { format: 'MM-dd' });
    expect(D.date.codec.fromStored({ d: '2026-03-05' }, partial)).toBe('2026-03-05');
    expect(D.date.validate('2026-03-05', partial)).toBeNull();
  });

  it('fill seconds a coarser date-time format leaves out', () => {
    const minutes = ctl('datetime', { format: 'yyyy-MM-dd HH:mm' });
    expect(D.datetime.codec.toStored('2026-03-05 08:30', minutes)).toEqual({ d: '2026-03-05 08:30:00' });
    expect(D.datetime.codec.fromStored({ d: '2026-03-05 08:30:00' }, minutes)).toBe('2026-03-05 08:30');
  });

  it('keep year and month in their own shapes', () => {
    expect(D.year.codec.fromStored({ d: 2026 }, ctl('year', { format: 'yyyy' }))).toBe('2026');
    expect(D.month.codec.fromStored({ d: 3 }, ctl('month', { format: 'MM' }))).toBe('03');
    expect(D.month.codec.toStored('3', ctl('month', { format: 'M' }))).toEqual({ d: '03' });
    expect(D.year_month.validate('2026-3', ctl('year_month', { format: 'yyyy-MM' }))).toBe('日期不是有效的日期');
  });

  it('convert timestamps at China Standard Time', () => {
    const stamp = ctl('datetime', { timestamp: true, format: 'yyyy-MM-dd HH:mm:ss' });
    const ms = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(D.datetime.codec.toStored(ms, stamp)).toEqual({ d: '2026-01-01 08:00:00' });
    expect(D.datetime.codec.fromStored({ d: '2026-01-01 08:00:00' }, stamp)).toBe(ms);
    expect(D.datetime.codec.fromStored({ d: null }, stamp)).toBeNull();
    expect(D.datetime.validate(ms, stamp)).toBeNull();
    expect(D.datetime.validate(ms, ctl('datetime'))).toBe('日期不是有效的日期');
    expect(D.date.codec.toStored(ms, ctl('date', { timestamp: true }))).toEqual({ d: '2026-01-01' });
  });

  it('read what older data holds', () => {
    expect(D.datetime.codec.fromStored({ d: '2026-03-05 08:00:00.0' }, ctl('datetime'))).toBe('2026-03-05 08:00:00');
    expect(D.date.codec.fromStored({ d: '2026-3-5' }, ctl('date'))).toBe('2026-03-05');
    expect(D.date.codec.fromStored({ d: 'garbage' }, ctl('date'))).toBe('garbage');
    expect(D.date.codec.toStored('2026-03-05 00:00:00', ctl('date'))).toEqual({ d: '2026-03-05' });
  });

  it('hold a time range as two times', () => {
    const range = ctl('time', { isRange: true, format: 'HH:mm:ss' });
    expect(D.time.codec.toStored(['08:00:00', '17:30:00'], range)).toEqual({ d: '08:00:00,17:30:00' });
    expect(D.time.codec.fromStored({ d: '08:00:00,17:30:00' }, range)).toEqual(['08:00:00', '17:30:00']);
    expect(D.time.codec.fromStored({ d: null }, range)).toEqual([]);
    expect(D.time.validate(['08:00:00', '25:00:00'], range)).toBe('日期不是有效的时间');
    expect(D.time.validate('08:00:00', range)).toBe('日期的数据格式不正确');
    expect(D.time.defaultValue(range, NOW)).toEqual([]);
  });

  it('default to the current date from the server when defaultType is 1', () => {
    const now = (type: ControlType, format?: string) => D[type].defaultValue(ctl(type, { defaultType: 1, format }), NOW);
    expect(now('date', 'yyyy-MM-dd')).toBe('2026-05-06');
    expect(now('datetime', 'yyyy-MM-dd HH:mm:ss')).toBe('2026-05-06 07:08:09');
    expect(now('time', 'HH:mm:ss')).toBe('07:08:09');
    expect(now('year', 'yyyy')).toBe('2026');
    expect(now('month', 'MM')).toBe('05');
    expect(now('year_month', 'yyyy-MM')).toBe('2026-05');
    expect(D.date.defaultValue(ctl('date', { defaultType: '1' }), {})).toBe('');
    expect(D.date.defaultValue(ctl('date', { defaultType: 1, timestamp: true }), NOW)).toBe(Date.UTC(2026, 4, 5, 16, 0, 0));
  });

  it('default to the fixed value when defaultType is 0', () => {
    expect(D.date.defaultValue(ctl('date', { defaultType: 0, defaultValue: '2026-01-02' }), NOW)).toBe('2026-01-02');
    expect(D.date.defaultValue(ctl('date', { defaultType: 0, defaultValue: '2026-01-02 10:00:00', format: 'yyyy/MM/dd' }))).toBe('2026/01/02');
    expect(D.date.defaultValue(ctl('date', { defaultType: 0, defaultValue: '' }))).toBe('');
    expect(D.date.defaultValue(ctl('date', { defaultType: 0, defaultValue: 'soon' }))).toBe('');
  });
});

describe('a picked date as the editor holds it (the mobile wheels)', () => {
  it('is text in the control’s value format, or milliseconds for a timestamp control, and reads back', async () => {
    const { dateEditorValue, readDateValue } = await import('./dateControls.ts');
    const cn = ctl('date', { format: 'yyyy年MM月dd日' });
    expect(dateEditorValue({ year: 2026, month: 3, day: 5, hour: 9 }, cn, 'date')).toBe('2026年03月05日');
    expect(readDateValue('2026年03月05日', cn, 'date')).toMatchObject({ year: 2026, month: 3, day: 5 });
    expect(dateEditorValue({ hour: 8, minute: 5, second: 0 }, ctl('time', { format: 'HH:mm:ss' }), 'time')).toBe('08:05:00');
    expect(dateEditorValue({ year: 2026, month: 12 }, ctl('year_month', { format: 'yyyy-MM' }), 'year_month')).toBe('2026-12');
    expect(typeof dateEditorValue({ year: 2026, month: 1, day: 2, hour: 0, minute: 0, second: 0 }, ctl('datetime', { timestamp: true }), 'datetime')).toBe('number');
  });
});

describe('isStoredText: the read path that skips the parse', () => {
  const kinds = ['year', 'month', 'year_month', 'date', 'datetime', 'time'] as const;
  const samples = [
    '2026', '0000', '12', '13', '00', '2026-02', '2026-13', '2024-02-29', '2023-02-29', '2026-04-31', '2026-12-31',
    '2026-1-01', '2026-01-01 ', '2026-01-01 23:59:59', '2026-01-01 24:00:00', '2026-01-01 12:60:00', '2026-01-01T12:00:00',
    '00:00:00', '23:59:59', '24:00:00', '7:05:00', '2026-01-01 07:05', '1234567890123',
  ];
  it.each(kinds)('%s: canonical text reads back as itself, exactly when the full parse gives it back', (kind) => {
    for (const raw of samples) {
      const parts = parseLooseDate(raw, kind);
      const full = parts ? formatDateParts(parts, STORED_FORMAT[kind]) : raw;
      if (isStoredText(raw, kind)) expect(full, `${kind} ${raw}`).toBe(raw);
    }
    expect(samples.filter((raw) => isStoredText(raw, kind)).length).toBeGreaterThan(0);
  });
});
