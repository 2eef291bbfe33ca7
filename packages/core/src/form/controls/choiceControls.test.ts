import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FormControl } from '../types.ts';
import { allowedValues } from './choiceControls.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}): FormControl => ({ type, model: 'c', name: '类别', options });

describe('choice controls', () => {
  it('check against the static options when remote is true (the palette default)', () => {
    const radio = ctl('radio', { remote: true, options: [{ value: 1, label: '一' }, { value: '2' }] });
    expect(D.radio.validate('1', radio)).toBeNull();
    expect(D.radio.validate(2, radio)).toBeNull();
    expect(D.radio.validate('3', radio)).toBe('类别的选项无效');
  });

  it('check against remoteOptions when remote is false, through props.value', () => {
    const select = ctl('select', { remote: false, props: { value: 'code', label: 'name' }, remoteOptions: [{ code: 'a', name: '甲' }] });
    expect(D.select.validate('a', select)).toBeNull();
    expect(D.select.validate('b', select)).toBe('类别的选项无效');
  });

  it('accept any value when the options are loaded while the form runs, or not configured', () => {
    expect(allowedValues(ctl('select', { remote: false, remoteUrl: '/api/x', remoteOptions: [] }))).toBeNull();
    expect(allowedValues(ctl('select', { remote: 'false', remoteCall: 'load' }))).toBeNull();
    expect(D.radio.validate('自由', ctl('radio', { options: [] }))).toBeNull();
  });

  it('hold a list for checkboxes, multi-selects and a select with multiple', () => {
    const multi = ctl('select', { multiple: true, options: [{ value: 'a' }, { value: 'b' }] });
    expect(D.select.codec.toStored(['a', 'b'], multi)).toEqual({ c: 'a,b' });
    expect(D.select.codec.fromStored({ c: 'a,b' }, multi)).toEqual(['a', 'b']);
    expect(D.select.validate(['a', 'x'], multi)).toBe('类别的选项无效');
    const single = ctl('multiple_select', { multiple: false, options: [{ value: 'a' }] });
    expect(D.multiple_select.codec.fromStored({ c: 'a' }, single)).toBe('a');
    expect(D.checkbox.codec.toStored('a,b', ctl('checkbox'))).toEqual({ c: 'a,b' });
    expect(D.checkbox.validate('a,b', ctl('checkbox', { options: [{ value: 'a' }, { value: 'b' }] }))).toBeNull();
  });

  it('start from the design default', () => {
    expect(D.radio.defaultValue(ctl('radio', { defaultValue: '选项1' }))).toBe('选项1');
    expect(D.checkbox.defaultValue(ctl('checkbox', { defaultValue: [] }))).toEqual([]);
    expect(D.checkbox.defaultValue(ctl('checkbox', { defaultValue: ['a'] }))).toEqual(['a']);
    expect(D.multiple_select.defaultValue(ctl('multiple_select', { defaultValue: '' }))).toEqual([]);
    expect(D.cascade.defaultValue(ctl('cascade'))).toEqual([]);
  });
});

describe('switch', () => {
  const control = ctl('switch', { openMsg: '已开启', closeMsg: '已关闭' });

  it("stores '0' on and '1' off, and an empty switch as off", () => {
    expect(D.switch.codec.toStored(true, control)).toEqual({ c: '0' });
    expect(D.switch.codec.toStored(null, control)).toEqual({ c: '1' });
    expect(D.switch.codec.toStored(undefined, control)).toEqual({ c: '1' });
    expect(D.switch.codec.toStored('', control)).toEqual({ c: '1' });
    expect(D.switch.codec.toStored('0', control)).toEqual({ c: '0' });
    expect(D.switch.codec.fromStored({ c: null }, control)).toBe(false);
    expect(D.switch.codec.fromStored({ c: '0' }, control)).toBe(true);
  });

  it('starts from the design default, off when none', () => {
    expect(D.switch.defaultValue(ctl('switch', { defaultValue: true }))).toBe(true);
    expect(D.switch.defaultValue(ctl('switch'))).toBe(false);
  });
});
