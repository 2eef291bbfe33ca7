import { describe, expect, it } from 'vitest';
import { formatDateParts, parseDateText, parseLooseDate, valueFormatFor } from './dateText.ts';
import { numberToText, roundTo, toNumber } from './decimal.ts';
import { compilePattern } from './patterns.ts';

describe('date text', () => {
  it('parses strictly in a value format and refuses days that do not exist', () => {
    expect(parseDateText('2026-03-05', 'yyyy-MM-dd')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseDateText('2024-02-29', 'yyyy-MM-dd')).not.toBeNull();
    expect(parseDateText('2025-02-29', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateText('1900-02-29', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateText('2026-04-31', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateText('2026-3-5', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateText('2026-03-05x', 'yyyy-MM-dd')).toBeNull();
    expect(parseDateText('2026年03月', 'yyyy年MM月')).toEqual({ year: 2026, month: 3 });
    expect(parseDateText('23:59:59', 'HH:mm:ss')).toEqual({ hour: 23, minute: 59, second: 59 });
    expect(parseDateText('24:00:00', 'HH:mm:ss')).toBeNull();
    expect(parseDateText('2026-3-5', 'yyyy-M-d')).toEqual({ year: 2026, month: 3, day: 5 });
  });

  it('formats with padding', () => {
    expect(formatDateParts({ year: 2026, month: 3, day: 5, hour: 8, minute: 0, second: 9 }, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-03-05 08:00:09');
    expect(formatDateParts({ month: 3 }, 'MM')).toBe('03');
  });

  it('keeps a usable options.format and falls back otherwise', () => {
    expect(valueFormatFor('date', 'yyyy/MM/dd')).toBe('yyyy/MM/dd');
    expect(valueFormatFor('date', 'MM-dd')).toBe('yyyy-MM-dd');
    expect(valueFormatFor('date', 'yyyy-MM-dd HH:mm')).toBe('yyyy-MM-dd');
    expect(valueFormatFor('datetime', 'yyyy-MM-dd HH:mm')).toBe('yyyy-MM-dd HH:mm');
    expect(valueFormatFor('month', undefined)).toBe('MM');
  });

  it('reads what a database or older client holds', () => {
    expect(parseLooseDate('2026-03-05 08:00:00.0', 'datetime')).toEqual({ year: 2026, month: 3, day: 5, hour: 8, minute: 0, second: 0 });
    expect(parseLooseDate('2026-3-5', 'date')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseLooseDate('2026-03-05T08:30', 'time')).toEqual({ hour: 8, minute: 30, second: 0 });
    expect(parseLooseDate(2026, 'year')).toEqual({ year: 2026 });
    expect(parseLooseDate(3, 'month')).toEqual({ month: 3 });
    expect(parseLooseDate('1767196800000', 'date')).toEqual({ year: 2026, month: 1, day: 1 });
    expect(parseLooseDate('2026-02-30', 'date')).toBeNull();
    expect(parseLooseDate('2026', 'date')).toBeNull();
  });
});

describe('decimals', () => {
  it('rounds half away from zero without binary drift', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(1 / 3, 4)).toBe(0.3333);
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(roundTo(123456789.125, 2)).toBe(123456789.13);
  });

  it('reads numbers and plain decimal text only', () => {
    expect(toNumber(' 12.5 ')).toBe(12.5);
    expect(toNumber('-.5')).toBe(-0.5);
    expect(toNumber('1e3')).toBeUndefined();
    expect(toNumber('12abc')).toBeUndefined();
    expect(toNumber(Number.NaN)).toBeUndefined();
    expect(toNumber(true)).toBeUndefined();
  });

  it('prints numbers without exponent for numeric columns', () => {
    expect(numberToText(0.0000001)).toBe('0.0000001');
    expect(numberToText(1e21)).toBe('1000000000000000000000');
    expect(numberToText(-12.5)).toBe('-12.5');
  });
});

describe('patterns held as text', () => {
  it('compiles literals and bare bodies, and drops the stateful flags', () => {
    expect(compilePattern('/^a$/i')!.test('A')).toBe(true);
    expect(compilePattern('^\\d+$')!.test('123')).toBe(true);
    const global = compilePattern('/a/g')!;
    expect([global.test('a'), global.test('a')]).toEqual([true, true]);
  });

  it('answers null for a pattern that does not compile', () => {
    expect(compilePattern('/(/')).toBeNull();
    expect(compilePattern('[')).toBeNull();
    expect(compilePattern('/a/x')).toBeNull();
    expect(compilePattern('')).toBeNull();
  });
});
