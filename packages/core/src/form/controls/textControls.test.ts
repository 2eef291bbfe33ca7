import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FormControl } from '../types.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  model: 'f',
  name: '编号',
  options,
  ...extra,
});

describe('text controls', () => {
  it('use the design rule message for required, and ours when it has none', () => {
    const own = ctl('input', {}, { rules: [{ required: true, message: '编号为必填项' }] });
    expect(D.input.validate('', own)).toBe('编号为必填项');
    expect(D.input.validate('  ', ctl('input', {}, { rules: [{ required: 'true' }] }))).toBe('请输入编号');
    expect(D.input.validate('', ctl('input', { required: false }))).toBeNull();
  });

  it('apply pattern rules held as text, with their message or the default', () => {
    const control = ctl('input', {}, { rules: [{ pattern: '/^A/', message: '必须以A开头' }, { pattern: '^.{0,5}$' }] });
    expect(D.input.validate('Abc', control)).toBeNull();
    expect(D.input.validate('abc', control)).toBe('必须以A开头');
    expect(D.input.validate('Abcdefg', control)).toBe('编号格式不匹配');
    expect(D.textarea.validate('x', ctl('textarea', { pattern: '/^\\d+$/' }))).toBe('编号格式不匹配');
  });

  it('skip a pattern that does not compile instead of failing the form', () => {
    const control = ctl('input', { pattern: '/(/' }, { rules: [{ pattern: '[', message: '坏' }] });
    expect(D.input.validate('anything', control)).toBeNull();
  });

  it('replace the palette default patterns with the built-in checks', () => {
    const postal = ctl('input_postal', { pattern: '/^[1-9][0-9]{5}$/' }, { rules: [{ pattern: '/^[1-9][0-9]{5}$/', message: '邮编格式不匹配' }] });
    expect(D.input_postal.validate('010000', postal)).toBeNull();
    const mail = ctl('input_mail', { pattern: '/^([a-zA-Z0-9_.\\-])+@(([a-zA-Z0-9\\-])+\\.)+([a-zA-Z0-9]{2,4})+$/' });
    expect(D.input_mail.validate('ops@park.example.museum', mail)).toBeNull();
    // A designer's stricter pattern still applies on top of the built-in check.
    const strict = ctl('input_mobile', { pattern: '/^138/' });
    expect(D.input_mobile.validate('13912345678', strict)).toBe('编号格式不匹配');
  });

  it('answer hostile mail and web addresses quickly (no catastrophic backtracking)', () => {
    const started = Date.now();
    expect(D.input_mail.validate(`${'a'.repeat(60)}@${'b'.repeat(5000)}`, ctl('input_mail'))).toBe('编号格式不匹配');
    expect(D.input_mail.validate(`a@${'b.'.repeat(5000)}!`, ctl('input_mail'))).toBe('编号格式不匹配');
    expect(D.input_website.validate(`${'a'.repeat(20000)}!`, ctl('input_website'))).toBe('编号格式不匹配');
    expect(D.input_website.validate(`http://${'a.'.repeat(10000)}!`, ctl('input_website'))).toBe('编号格式不匹配');
    expect(D.input_website.validate(`${'a:'.repeat(5000)}`, ctl('input_website'))).toBe('编号格式不匹配');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('check the plain input by its dataType', () => {
    expect(D.input.validate('1.5', ctl('input', { dataType: 'number' }))).toBeNull();
    expect(D.input.validate('x', ctl('input', { dataType: 'float' }))).toBe('编号必须是数字');
    expect(D.input.validate('1.5', ctl('input', { dataType: 'integer' }))).toBe('编号必须是整数');
    expect(D.input.validate('a@b', ctl('input', { dataType: 'email' }))).toBe('编号格式不匹配');
    expect(D.input.validate('nope', ctl('input', { dataType: 'url' }))).toBe('编号格式不匹配');
    expect(D.input.validate('anything', ctl('input', { dataType: 'string' }))).toBeNull();
  });

  it('accept numbers typed into text, and start from the default value', () => {
    expect(D.input.validate(123, ctl('input'))).toBeNull();
    expect(D.input.codec.toStored(123, ctl('input'))).toEqual({ f: '123' });
    expect(D.input.defaultValue(ctl('input', { defaultValue: '默认' }))).toBe('默认');
    expect(D.input.defaultValue(ctl('input'))).toBe('');
    expect(D.input.codec.fromStored({}, ctl('input'))).toBe('');
  });

  it('store nothing without a model', () => {
    expect(D.input.columns(ctl('input', {}, { model: undefined }))).toEqual([]);
    expect(D.input.codec.toStored('x', ctl('input', {}, { model: '' }))).toEqual({});
  });
});
