import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { ControlType } from '../registry.ts';
import type { FormControl } from '../types.ts';
import { labelColumnOf } from './pickerControls.ts';

const ctl = (type: ControlType, options: Record<string, unknown> = {}, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  model: 'who',
  label_model: 'who_name',
  name: '负责人',
  options,
  ...extra,
});
const user = { id: 7, realName: '张三', userType: 0 };
const companyUser = { id: 8, realName: '李四', userType: 1 };
const company = { id: 30, companyName: '甲化工' };

describe('single pickers', () => {
  it("read the original editor's shape keyed by model and label_model", () => {
    const control = ctl('user_select');
    expect(D.user_select.codec.toStored({ who: '7', who_name: '张三' }, control)).toEqual({ who: '7', who_name: '张三' });
    expect(D.user_select.validate({ who: '7', who_name: '张三' }, control)).toBeNull();
    expect(D.user_select.validate({ who: ['1', '2'] }, control)).toBe('选择关联的数据不允许超过一条');
    expect(D.user_select.isEmpty({ who: '', who_name: '' }, control)).toBe(true);
  });

  it('store the label under "{model}_label" when the design left label_model empty', () => {
    const control = ctl('org_select', {}, { label_model: '' });
    expect(labelColumnOf(control)).toBe('who_label');
    expect(D.org_select.columns(control).map((c) => c.name)).toEqual(['who', 'who_label']);
  });

  it('default to the current user where the design asks', () => {
    expect(D.user_select.defaultValue(ctl('user_select', { defaultCurrentUser: true }), { currentUser: user })).toEqual({ id: '7', label: '张三' });
    expect(D.user_select.defaultValue(ctl('user_select'), { currentUser: user })).toBeNull();
    expect(D.current_user.defaultValue(ctl('current_user'), { currentUser: user })).toEqual({ id: '7', label: '张三' });
    expect(D.current_user.defaultValue(ctl('current_user'), {})).toBeNull();
  });

  it('keep current_user to the person adding the record', () => {
    const control = ctl('current_user');
    expect(D.current_user.validate({ id: '7', label: '张三' }, control, { mode: 'add', currentUser: user })).toBeNull();
    expect(D.current_user.validate({ id: '9', label: '王五' }, control, { mode: 'add', currentUser: user })).toBe('负责人必须是当前用户');
    expect(D.current_user.validate({ id: '9', label: '王五' }, control, { mode: 'edit', currentUser: user })).toBeNull();
  });

  it('lock an enterprise user to their own company', () => {
    const control = ctl('company_select');
    const ctx = { currentUser: companyUser, currentCompany: company };
    expect(D.company_select.defaultValue(control, ctx)).toEqual({ id: '30', label: '甲化工' });
    expect(D.company_select.validate({ id: '30', label: '甲化工' }, control, ctx)).toBeNull();
    expect(D.company_select.validate({ id: '31', label: '乙化工' }, control, ctx)).toBe('负责人只能选择本企业');
    expect(D.company_select.validate({ id: '31', label: '乙化工' }, control, { currentUser: user, currentCompany: company })).toBeNull();
  });
});

describe('multi pickers', () => {
  it('read the cleared "[]" and lists of {id, label}', () => {
    const control = ctl('m_user_select');
    expect(D.m_user_select.codec.fromStored({ who: '[]' }, control)).toEqual([]);
    expect(D.m_user_select.codec.toStored([{ id: 1, label: '甲' }], control)).toEqual({ who: '[{"k":"1","v":"甲"}]' });
    expect(D.m_user_select.codec.fromStored({ who: '{"k":1}' }, control)).toBe('{"k":1}');
    expect(D.m_user_select.validate('{"k":1}', control)).toBe('负责人的数据格式不正确');
    expect(D.m_user_select.columns(control)).toEqual([{ name: 'who', sqlType: 'text' }]);
  });
});
