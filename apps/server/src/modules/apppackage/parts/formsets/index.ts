import { localRecipient, mapRemindRecipients, portableRecipient, type FormSet, type PackagedFormSet, type RemindRule } from '@park/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import { AppError } from '../../../../plugins/errors.ts';
import { qrEntryCounts } from '../../../qrCode/index.ts';
import { parkFormSets, removeFormSets, saveParkFormSet } from '../../../remind/index.ts';
import { dropPartRows, userName } from '../../repo.ts';
import { PackageRefused } from '../../refused.ts';
import type { InstalledPart, Roles, ServerPartKind, Target } from '../types.ts';

/*
 * 表单设置 (ADR 0064): each packaged form's 提醒设置, roles by `@role:<code>`, people dropped with a
 * note. The install saves through the 提醒设置 dialog's own service (saveParkFormSet: the same
 * checks, the conditions through the condition compiler), in the package's transaction. A form's
 * QR entries stay behind (their tokens and bound records are one installation's), said in a note.
 * Tenants of a handed-down form share its park row, as the remind schedule reads it (ADR 0051).
 */

const hasRules = (set: FormSet) => (set.formRemind ?? []).length + (set.condRemind ?? []).length > 0;

/** The installation's settings made portable; `notes` what was left out. */
function portable(set: FormSet, roles: Roles, notes: string[]): PackagedFormSet['formSet'] {
  return mapRemindRecipients(
    { formRemind: set.formRemind ?? [], condRemind: set.condRemind ?? [] },
    (r, where) => portableRecipient(r, (id) => roles.codeOf.get(id) ?? null, where, notes),
    (rule, kind, i) => {
      if (rule.defaultRecipient.length > 0) notes.push(`${kind === 'condRemind' ? '数据提醒' : '定时填报提醒'}第 ${i + 1} 条的默认接收人（${rule.defaultRecipient.map((p) => p.name ?? p.id).join('、')}）不随应用包导出：首次安装时为安装应用的管理员，升级时保留已设的接收人`);
      return [];
    },
  );
}

const installedIds = (target: Target) => target.parts.get('form_settings') ?? new Map<string, string>();

async function exportOf(db: Kysely<Database>, formIds: ReadonlyMap<string, string>, roles: Roles, withNotes: boolean) {
  const ids = [...formIds.keys()];
  const [sets, qr] = await Promise.all([parkFormSets(db, ids), withNotes ? qrEntryCounts(db, ids) : Promise.resolve(new Map<string, number>())]);
  const out: PackagedFormSet[] = [];
  for (const [formId, code] of formIds) {
    const saved = sets.get(formId);
    if (!saved || !hasRules(saved.set)) continue;
    const notes: string[] = [];
    const formSet = portable(saved.set, roles, notes);
    if (qr.has(formId)) notes.push(`二维码设置（${qr.get(formId)} 个入口）不随应用包导出：请在安装后的表单设计中重新设置并打印`);
    out.push({ form: code, formSet, notes });
  }
  return out.sort((a, b) => (a.form < b.form ? -1 : 1));
}

/** The installed settings' people kept on an upgrade (rule by rule); the installer where a rule has none. */
function peopleFor(before: FormSet | undefined, installer: RemindRule['defaultRecipient'], said: string[]) {
  return (_rule: RemindRule, kind: 'formRemind' | 'condRemind', i: number) => {
    const had = (before?.[kind] ?? [])[i]?.defaultRecipient ?? [];
    if (had.length > 0) return had;
    said.push(`${kind === 'condRemind' ? '数据提醒' : '定时填报提醒'}第 ${i + 1} 条`);
    return installer;
  };
}

export const serverFormSets: ServerPartKind<'formsets'> = {
  key: 'formsets',
  async export(db, sel) {
    const formIds = new Map(sel.formIds.map((id) => [id, sel.codeOf.get(id)!]));
    return exportOf(db, formIds, sel.roles, true);
  },
  async portable(db, target) {
    const formIds = new Map([...target.formIds].map(([code, id]) => [id, code]));
    return new Map((await exportOf(db, formIds, target.roles, false)).map((fs) => [fs.form, fs.formSet]));
  },
  async install(sets, { trx, userId, preview, target, formIds, notes }) {
    const out: InstalledPart[] = [];
    const had = installedIds(target);
    const saved = await parkFormSets(trx, [...formIds.values()]);
    const installer = [{ id: userId, name: (await userName(trx, userId)) ?? userId }];
    for (const fs of sets) {
      const formId = formIds.get(fs.form)!;
      const before = saved.get(formId);
      const action = preview.parts.find((p) => p.kind === 'form_settings' && p.code === fs.form)?.action;
      if (action === '不变' && before) {
        out.push({ kind: 'form_settings', code: fs.form, localId: before.id });
        continue;
      }
      const missing = new Set<string>();
      const said: string[] = [];
      const local = mapRemindRecipients(fs.formSet, (r) => localRecipient(r, (code) => target.roles.idOf.get(code) ?? null, missing), peopleFor(before?.set, installer, said));
      const name = preview.parts.find((p) => p.kind === 'form' && p.code === fs.form)?.name ?? fs.form;
      if (missing.size > 0) throw new PackageRefused([`表单「${name}」的提醒设置使用的角色「${[...missing].join('、')}」在本系统中不存在`]);
      try {
        // The form's other settings (数据权限 …) are the installation's: kept as they were.
        const id = await saveParkFormSet(trx, formId, { ...before?.set, ...local });
        out.push({ kind: 'form_settings', code: fs.form, localId: id });
      } catch (err) {
        // The dialog's own save refused it (a condition that does not parse …): the package is refused, the form named.
        if (err instanceof AppError) throw new PackageRefused([`表单「${name}」的提醒设置：${err.message}`]);
        throw err;
      }
      if (said.length > 0) notes.push(`表单「${name}」的${said.join('、')}提醒的默认接收人为安装应用的管理员，可在提醒设置中修改`);
    }
    // Settings the previous version shipped and this one does not: gone with it, as the package says.
    const shipped = new Set(sets.map((s) => s.form));
    const dropped = [...had].filter(([code]) => !shipped.has(code));
    await removeFormSets(trx, dropped.map(([, id]) => id));
    if (target.appId) await dropPartRows(trx, target.appId, 'form_settings', dropped.map(([code]) => code));
    return out;
  },
  async uninstall(trx, _ctx, installed) {
    await removeFormSets(trx, [...installed.values()]);
    return [];
  },
};
