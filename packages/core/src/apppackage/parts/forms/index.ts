import type { PackagedForm, PackagePreview, PartPreview } from '../../package.ts';
import { IDENTIFIER, parseFormMeta, validateFormMeta } from '../../../form/designValidation.ts';
import { isRecord } from '../../../form/lib/values.ts';
import type { FormMeta } from '../../../form/types.ts';
import { designChanges, directDepends } from '../../../tenant/formDepends.ts';
import { APP_CODE } from '../../format.ts';
import { packagedFormRefs } from '../../formRefs.ts';
import { addedFields, fieldLabel } from '../../fieldChanges.ts';
import { codeList, nonEmpty, ROLE_CODE, type PartKind } from '../types.ts';


export type FormChanges = PackagePreview['changes'];

/** The longest group name a package may give a form: 表单管理's own limit (formgroup/insert). */
export const FORM_GROUP_MAX = 50;
const inGroup = (f: PackagedForm) => (f.group ? { group: f.group } : {});

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

export const formsKind: PartKind<PackagedForm> & { changes(parts: readonly PackagedForm[], installed: ReadonlyMap<string, { formName: string; meta: FormMeta }>): FormChanges } = {
  kind: 'form',
  label: '表单',
  key: 'forms',
  code: APP_CODE,
  optional: false,
  codeOf: (f) => f.code,
  read(code, raw) {
    if (!isRecord(raw) || raw.code !== code) return { part: null, reasons: [`表单「${code}」的内容不合法`] };
    if (!nonEmpty(raw.formName)) return { part: null, reasons: [`表单「${code}」缺少名称`] };
    const parsed = parseFormMeta(raw.meta);
    if (!parsed.ok) return { part: null, reasons: [`表单「${raw.formName}」：${parsed.message}`] };
    const reasons: string[] = [];
    const check = validateFormMeta(parsed.meta);
    if (!check.ok) for (const e of check.errors) reasons.push(`表单「${raw.formName}」：${e.message}`);
    let menu: PackagedForm['menu'] = null;
    if (raw.menu !== null && raw.menu !== undefined) {
      const m = raw.menu;
      if (!isRecord(m) || !nonEmpty(m.group) || !nonEmpty(m.name) || !codeList(m.roles, ROLE_CODE)) reasons.push(`表单「${raw.formName}」的菜单不合法`);
      else menu = { group: m.group, name: m.name, roles: m.roles };
    }
    const group = raw.group === undefined ? undefined : nonEmpty(raw.group, FORM_GROUP_MAX) && raw.group.trim() === raw.group ? raw.group : null;
    if (group === null) reasons.push(`表单「${raw.formName}」的分组名称不合法（1 至 ${FORM_GROUP_MAX} 个字，首尾不能有空格）`);
    return { part: { code, formName: raw.formName, meta: parsed.meta, menu, ...(group ? { group } : {}) }, reasons };
  },
  checkWhole(pkg) {
    const reasons: string[] = [];
    if (new Set(pkg.forms.map((f) => f.formName)).size !== pkg.forms.length) reasons.push('应用包内表单名称重复');
    // Every form a design names is in the package; every dictionary it uses is in it or a declared dependency.
    const formCodes = new Set(pkg.forms.map((f) => f.code));
    const dictCodes = new Set([...pkg.dictionaries.map((d) => d.typeCode), ...pkg.manifest.dependencies.dictionaries]);
    for (const f of pkg.forms) {
      for (const ref of packagedFormRefs(f.meta)) if (!formCodes.has(ref)) reasons.push(`表单「${f.formName}」引用的表单「${ref}」不在应用包中`);
      const depends = directDepends('0', f.meta);
      for (const d of depends.dictionaries) if (!dictCodes.has(d)) reasons.push(`表单「${f.formName}」使用的数据字典「${d}」既不在应用包中，也未声明为依赖`);
      for (const sub of depends.tables) if (!IDENTIFIER.test(sub.slice('form_0__'.length))) reasons.push(`表单「${f.formName}」的子表名不合法`);
    }
    return reasons;
  },
  preview(forms, { state }) {
    const reasons: string[] = [];
    const notes: string[] = [];
    const parts: PartPreview[] = [];
    const installed = state.app;
    for (const f of forms) {
      if (state.otherFormNames.has(f.formName)) reasons.push(`表单名称「${f.formName}」已被本系统的其他表单使用`);
      const was = installed?.forms.get(f.code);
      if (!was) {
        parts.push({ kind: 'form', label: '表单', code: f.code, name: f.formName, action: '新建', added: [], changed: [], ...inGroup(f) });
        continue;
      }
      const changed = designChanges(was.meta, f.meta).map((c) => `「${fieldLabel(was.meta, c.subKey, c.column)}」${c.kind === 'dropped' ? '被删除' : `由 ${c.from} 改为 ${c.to}`}`);
      const unchanged = was.formName === f.formName && same(was.meta, f.meta);
      parts.push({ kind: 'form', label: '表单', code: f.code, name: f.formName, action: unchanged ? '不变' : '更新', added: addedFields(was.meta, f.meta), changed, ...inGroup(f) });
    }
    if (installed) {
      for (const [code, was] of installed.forms) if (!forms.some((f) => f.code === code)) notes.push(`新版本不再包含表单「${was.formName}」，该表单及其数据保留`);
    }
    return { parts, reasons, notes };
  },
  /** Design changes of each upgraded form, for the server's question whether a changed field holds data. */
  changes(forms, installed) {
    const out: FormChanges = [];
    for (const f of forms) {
      const was = installed.get(f.code);
      if (was) out.push({ code: f.code, formName: f.formName, changes: designChanges(was.meta, f.meta), before: was.meta });
    }
    return out;
  },
};

