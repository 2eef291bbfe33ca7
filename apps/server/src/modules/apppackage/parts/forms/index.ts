import { FORM_REF_PREFIX, mapFormRefs, type PackagedForm } from '@park/core';
import { badRequest } from '../../../../plugins/errors.ts';
import { installFormDesign, placePackagedFormInGroup, removeEmptyPackagedForm } from '../../../form/index.ts';
import { formMenu, formsById, installFormMenu } from '../../repo.ts';
import { PackageRefused } from '../../refused.ts';
import type { InstalledPart, ServerPartKind } from '../types.ts';

/** Forms: designs through the saveformdesign path (installFormDesign), references mapped to the installation's ids, their 表单管理 group, list menus with role grants. */
export const serverForms: ServerPartKind<'forms'> = {
  key: 'forms',
  async export(db, sel) {
    const stored = await formsById(db, sel.formIds);
    const undesigned = stored.filter((f) => !f.meta);
    if (undesigned.length > 0) throw badRequest(`表单「${undesigned[0]!.formName}」暂未进行表单设计，不能导出`);
    const forms: PackagedForm[] = [];
    for (const f of stored) {
      const mapped = mapFormRefs(f.meta!, (ref) => (sel.codeOf.has(ref) ? `${FORM_REF_PREFIX}${sel.codeOf.get(ref)}` : null));
      if (mapped.unmapped.length > 0) throw badRequest(`表单「${f.formName}」引用的表单无法导出：${mapped.unmapped.join('、')}`);
      forms.push({ code: sel.codeOf.get(f.id)!, formName: f.formName, meta: mapped.meta, menu: await formMenu(db, f.id), ...(f.groupName ? { group: f.groupName } : {}) });
    }
    return forms;
  },
  async install(forms, { trx, ctx, userId, formIds, notes }) {
    const out: InstalledPart[] = [];
    // First every form has an id, then designs are written with references mapped to those ids.
    for (const f of forms) {
      if (!formIds.has(f.code)) formIds.set(f.code, await installFormDesign(trx, ctx, { formId: null, formName: f.formName, meta: { list: [], config: {} }, createBy: userId }));
    }
    for (const f of forms) {
      const formId = formIds.get(f.code)!;
      const mapped = mapFormRefs(
        f.meta,
        (ref) => (ref.startsWith(FORM_REF_PREFIX) ? (formIds.get(ref.slice(FORM_REF_PREFIX.length)) ?? null) : null),
        (id) => `form_${id}`,
      );
      if (mapped.unmapped.length > 0) throw new PackageRefused([`表单「${f.formName}」引用的表单不在应用包中`]);
      await installFormDesign(trx, ctx, { formId, formName: f.formName, meta: mapped.meta, createBy: userId });
      if (f.group) await placePackagedFormInGroup(trx, formId, f.group);
      out.push({ kind: 'form', code: f.code, localId: formId });
      if (f.menu) {
        const m = await installFormMenu(trx, formId, f.menu);
        out.push({ kind: 'menu', code: f.code, localId: m.menuId });
        if (m.missingRoles.length > 0) notes.push(`表单「${f.formName}」的菜单未授权给不存在的角色：${m.missingRoles.join('、')}`);
      }
    }
    return out;
  },
  /** Refused while any form holds a record (named); otherwise each goes as an empty form is deleted (tables, menus, its flow). */
  async uninstall(trx, ctx, installed) {
    const names = new Map((await formsById(trx, [...installed.values()])).map((f) => [f.id, f.formName]));
    const held: string[] = [];
    for (const id of installed.values()) {
      if (!names.has(id)) continue; // deleted since
      if (!(await removeEmptyPackagedForm(trx, ctx, id))) held.push(names.get(id)!);
    }
    return held.map((n) => `表单「${n}」已有数据，不能卸载应用；请先删除其数据`);
  },
};
