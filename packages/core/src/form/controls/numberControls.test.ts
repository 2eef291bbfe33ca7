import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FormControl } from '../types.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}): FormControl => ({ type, model: 'n', name: '数量', options });

describe('number controls', () => {
  it('check min and max only when enabled, except where the widget clamps', () => {
    expect(D.input_int.validate(100, ctl('input_int', { min: 0, max: 10, enableMinMax: false }))).toBeNull();
    expect(D.input_int.validate(100, ctl('input_int', { min: 0, max: 10, enableMinMax: true }))).toBe('请输入0到10之间的数字');
    expect(D.input_long.validate('11', ctl('input_long', { min: 0, max: 10, enableMinMax: 'true' }))).toBe('请输入0到10之间的数字');
    expect(D.number.validate(100, ctl('number', { min: 0, max: 10 }))).toBe('请输入0到10之间的数字');
    expect(D.number.validate(100, ctl('number', { min: 0, max: 10, enableMinMax: false }))).toBeNull();
    expect(D.number.validate(100, ctl('number', {}))).toBeNull();
  });

  it('show min and max as the designer wrote them', () => {
    expect(D.input_number.validate('9', ctl('input_number', { min: '1.5', max: '5', enableMinMax: true }))).toBe('请输入1.5到5之间的数字');
    expect(D.input_number.validate('1.5', ctl('input_number', { min: '1.5', max: '5', enableMinMax: true }))).toBeNull();
  });

  it('let empty pass unless required', () => {
    expect(D.input_number.validate('', ctl('input_number', { enableMinMax: true, min: 1, max: 2 }))).toBeNull();
    expect(D.input_number.validate(null, ctl('input_number', { required: true }))).toBe('请输入数量');
  });

  it('read stored decimals back as numbers, and keep long integers as text', () => {
    expect(D.input_number.codec.fromStored({ n: '12.50' }, ctl('input_number'))).toBe(12.5);
    expect(D.input_int.codec.fromStored({ n: 7 }, ctl('input_int'))).toBe(7);
    expect(D.input_long.codec.fromStored({ n: '123' }, ctl('input_long'))).toBe('123');
    expect(D.input_number.codec.toStored(' 12.50 ', ctl('input_number'))).toEqual({ n: '12.50' });
    expect(D.input_number.codec.toStored(0.0000001, ctl('input_number'))).toEqual({ n: '0.0000001' });
  });

  it('pass unreadable stored text through so validation refuses it', () => {
    const value = D.input_number.codec.fromStored({ n: 'abc' }, ctl('input_number'));
    expect(value).toBe('abc');
    expect(D.input_number.validate(value, ctl('input_number'))).toBe('数量必须是数字');
    expect(D.input_number.codec.toStored('abc', ctl('input_number'))).toEqual({ n: null });
  });

  it('keep a range slider as two numbers in a text column', () => {
    const range = ctl('slider', { range: true, min: 0, max: 50 });
    expect(D.slider.columns(range)).toEqual([{ name: 'n', sqlType: 'text' }]);
    expect(D.slider.codec.toStored([10, 20], range)).toEqual({ n: '10,20' });
    expect(D.slider.codec.fromStored({ n: '10,20' }, range)).toEqual([10, 20]);
    expect(D.slider.codec.fromStored({ n: '10' }, range)).toBe('10');
    expect(D.slider.validate([10, 20], range)).toBeNull();
    expect(D.slider.validate([20, 10], range)).toBe('数量的数据格式不正确');
    expect(D.slider.validate([10, 60], range)).toBe('请输入0到50之间的数字');
    expect(D.slider.validate(10, range)).toBe('数量的数据格式不正确');
    expect(D.slider.defaultValue({ ...range, options: { range: true, defaultValue: [1, 2] } })).toEqual([1, 2]);
    expect(D.slider.defaultValue(range)).toBeNull();
  });

  it('use the widget range 0 to 100 for a slider without one', () => {
    expect(D.slider.validate(101, ctl('slider'))).toBe('请输入0到100之间的数字');
  });

  it('start from the design default', () => {
    expect(D.number.defaultValue(ctl('number', { defaultValue: '3' }))).toBe(3);
    expect(D.number.defaultValue(ctl('number', { defaultValue: '' }))).toBeNull();
    expect(D.input_long.defaultValue(ctl('input_long', { defaultValue: '9007199254740993' }))).toBe('9007199254740993');
  });
});
