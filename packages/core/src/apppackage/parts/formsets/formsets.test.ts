import { describe, expect, it } from 'vitest';
import type { PackagedForm, PackagedFormSet } from '../../package.ts';
import { formSetProblems } from './check.ts';
import { formSetRoleCodes, formSetsKind } from './index.ts';
import { mapRemindRecipients } from './recipients.ts';

/** The pure checks of a packaged 表单设置 (ADR 0064): refused whole, each reason in Chinese. */

const control = (type: string, name: string, model: string) => ({ type, name, key: `${type}_${model}`, model, options: {}, rules: [] });
const form: PackagedForm = { code: 'tp_vehicle', formName: '车辆', meta: { list: [control('input', '车牌号', 'plate_no'), control('date', '有效期至', 'cert_until'), control('user_select', '负责人', 'owner')], config: {} } as never, menu: null };
const forms = new Map([[form.code, form]]);
const role = (code: string) => ({ type: 0, role: [{ roleId: `@role:${code}`, roleName: '园区管理员' }] });
const cond = (key = 'cert_until') => ({ key, type: 'date', dataType: 'date', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: 30 } });
const entry = (over: Record<string, unknown> = {}, rule: Record<string, unknown> = {}): Record<string, unknown> => ({
  form: 'tp_vehicle',
  notes: [],
  formSet: {
    formRemind: [],
    condRemind: [{ recipient: role('park_admin'), defaultRecipient: [], remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: '证照将到期', content: '${plate_no}', cond: [cond()] }, ...rule }],
  },
  ...over,
});
const reasons = (raw: unknown) => formSetProblems('tp_vehicle', raw, forms).reasons;

describe('a packaged 表单设置', () => {
  it('reads a portable 数据提醒: roles by code, no people; its role codes listed', () => {
    const r = formSetProblems('tp_vehicle', entry(), forms);
    expect(r.reasons).toEqual([]);
    expect(formSetRoleCodes(r.part!)).toEqual(['park_admin']);
  });

  it('refuses a field the form lacks, a name outside the whitelist, a 表单字段 recipient on no field', () => {
    expect(reasons(entry({}, { remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: '证照将到期', cond: [cond('nope')] } }))).toEqual(['表单「车辆」的表单设置：数据提醒「证照将到期」使用的字段「nope」在表单中不存在']);
    expect(reasons(entry({}, { remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: 't', cond: [cond('x"; drop')] } }))[0]).toContain('的字段「x"; drop」不合法');
    expect(reasons(entry({}, { recipient: { type: 4, model: 'ghost' } }))[0]).toContain('使用的字段「ghost」在表单中不存在');
    expect(reasons(entry({}, { recipient: { type: 4, model: 'owner' } }))).toEqual([]);
  });

  it('refuses people by id, roles by id, a recipient rule the dialog refuses, and the dialog\'s own refusals', () => {
    expect(reasons(entry({}, { defaultRecipient: [{ id: 1 }] }))[0]).toContain('指定了本系统的人员编号（默认接收人）');
    expect(reasons(entry({}, { recipient: { type: 1, person: [{ id: 7 }] } })).join()).toContain('人员或组织编号');
    expect(reasons(entry({}, { recipient: { type: 0, role: [{ roleId: 3 }] } }))[0]).toContain('角色须以角色编码引用');
    expect(reasons(entry({}, { recipient: { type: 42 } }))[0]).toMatch(/^表单「车辆」的表单设置：/);
    expect(reasons(entry({}, { remind: { remindWay: ['1'], condType: '1', condRelative: 'and', title: '', cond: [cond()] } }))).toEqual(['表单「车辆」的表单设置：请填写提醒标题']);
  });

  it('refuses a shape it does not know, another form\'s settings, QR entries smuggled beside the reminders', () => {
    expect(reasons({ form: 'tp_vehicle', notes: [], formSet: { formRemind: [], condRemind: [], qrCodeConf: {} } })).toEqual(['表单「车辆」的表单设置的提醒设置格式不正确']);
    expect(reasons(entry({ form: 'other' }))).toEqual(['表单设置「tp_vehicle」的内容不合法']);
    expect(formSetProblems('ghost', { ...entry(), form: 'ghost' }, forms).reasons).toEqual(['表单设置所属的表单「ghost」不在应用包中']);
    expect(reasons(entry({ notes: 'x' }))).toEqual(['表单「车辆」的表单设置的说明不合法']);
  });

  it('previews 新建 / 不变 / 更新 against the installed settings, a role the target lacks refused', () => {
    const part = formSetProblems('tp_vehicle', entry(), forms).part!;
    const ctx = (installed: unknown, roles = ['park_admin']) => ({
      pkg: {} as never,
      formName: () => '车辆',
      state: { app: null, otherFormNames: new Set<string>(), dictionaries: new Set<string>(), roleCodes: new Set(roles), portable: new Map([['form_settings', new Map(installed === undefined ? [] : [['tp_vehicle', installed]])]]) },
    });
    expect(formSetsKind.preview([part], ctx(undefined)).parts[0]).toMatchObject({ label: '表单设置', name: '车辆（表单设置）', action: '新建' });
    expect(formSetsKind.preview([part], ctx(JSON.parse(JSON.stringify(part.formSet)))).parts[0]!.action).toBe('不变');
    const changed = { ...part.formSet, formRemind: [{ recipient: role('park_admin'), defaultRecipient: [], remind: { remindType: 'day', remindDay: [], remindTime: '08:00', remindWay: ['1'] } }] };
    expect(formSetsKind.preview([part], ctx(changed)).parts[0]!.action).toBe('更新');
    expect(formSetsKind.preview([part], ctx(undefined, [])).reasons).toEqual(['表单「车辆」的提醒设置使用的角色「park_admin」在本系统中不存在：请先创建这些角色']);
  });

  it('maps recipients both ways; a rule left with nobody reads as 「only the default recipients」', () => {
    const set: PackagedFormSet['formSet'] = { formRemind: [], condRemind: [{ recipient: [{ type: 1, person: [{ id: 5 }] }], defaultRecipient: [{ id: 5 }], remind: {} as never }] };
    const out = mapRemindRecipients(set, () => null, () => []);
    expect(out.condRemind[0]).toMatchObject({ recipient: { type: 0, role: [] }, defaultRecipient: [] });
    expect(set.condRemind[0]!.defaultRecipient).toEqual([{ id: 5 }]); // the caller's settings untouched
  });
});
