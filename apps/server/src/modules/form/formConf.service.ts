import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { formatDateTime, withOriginDefaults, withSensorSettingsV2, type FormMeta } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { announceFormChange, modelForCaller } from './formModel.ts';
import type { AuthContext } from '../../plugins/authContext.ts';
import { copyForm, dropEmptyForm, lockAndCheckData } from './formLifecycle.ts';
import * as repo from './formConf.repo.ts';
import { loadDesign } from './savedDesign.ts';
import { parseFormId } from './tableNames.ts';

/**
 * Forms as things an administrator names, groups, enables, copies and deletes; and the one place a
 * saved design is read by id for everyone else (the design cache, the import/export thread, the
 * getbyid call), with its two refusals.
 */

/** Why a delete became a disable; shown to the administrator as it stands. */
export const HAS_DATA = (name: string) =>
  `表单「${name}」中已有数据，不能删除，已将其停用。停用后不能再新增数据，已有数据仍保留；如需删除，请先清空该表单的全部数据。`;

// The design read lives in savedDesign.ts, which the design cache uses too (no circle through here).
export { loadDesign, NO_DESIGN, type SavedDesign } from './savedDesign.ts';

/** A name, trimmed; blank is refused (the schema only counts characters). */
function filled(raw: string, message = '请输入表单名称'): string {
  const name = raw.trim();
  if (!name) throw badRequest(message);
  return name;
}

async function assertGroup(db: Kysely<Database>, groupId: string): Promise<void> {
  if (!(await repo.findGroup(db, groupId))) throw badRequest('分组不存在，请刷新后重试');
}

/**
 * Creates a form, or renames it (the rename of form management too): `groupId` undefined keeps
 * the form's group, null takes it out of any.
 */
export function saveForm(
  ctx: AppContext,
  request: FastifyRequest,
  input: { formId: string | number | undefined; formName: string; formType?: string | undefined; groupId: string | null | undefined },
) {
  const formName = filled(input.formName);
  const { groupId } = input;
  return ctx.db.transaction().execute(async (trx) => {
    if (groupId) await assertGroup(trx, groupId);
    if (input.formId) {
      const id = parseFormId(input.formId);
      const before = await repo.findForm(trx, id);
      if (!before) throw notFound('表单不存在');
      await repo.renameForm(trx, id, formName, groupId === undefined ? before.group_id : groupId);
      await announceFormChange(trx, ctx.events, ctx.forms, id);
      await writeAudit(trx, request, { action: '修改表单', targetType: 'form', targetId: id, detail: { form_name: before.form_name, group_id: before.group_id } });
      return { errCode: 0, formId: Number(id) };
    }
    const id = await repo.insertForm(trx, { formName, formType: input.formType ?? '0', groupId: groupId ?? null, createBy: authOf(request).userId });
    await writeAudit(trx, request, { action: '新建表单', targetType: 'form', targetId: id });
    return { errCode: 0, formId: Number(id) };
  });
}

/**
 * A saved design as every reply serves it (JSON text, as the original client parses it): designs
 * saved before the V2 layout existed get theirs derived (spec 002 §4), and designs saved before
 * issue 44 get the option keys the original client reads.
 */
export function servedFormMeta(meta: FormMeta): string {
  return JSON.stringify(withOriginDefaults(withSensorSettingsV2(meta)));
}

export async function listForms(db: Kysely<Database>, filter: repo.FormListFilter, withMeta: boolean) {
  const { rows, total } = await repo.listForms(db, filter, withMeta);
  return {
    errCode: 0,
    totalCount: total,
    datas: rows.map((r) => ({
      formId: Number(r.id),
      formName: r.form_name,
      formType: r.form_type,
      groupId: r.group_id === null ? null : Number(r.group_id),
      groupName: r.group_name,
      status: r.status,
      designed: Boolean(r.designed),
      createTime: formatDateTime(r.create_time),
      updateTime: formatDateTime(r.update_time),
      // The original client's names: its 流程申请 list shows lastUpdateTime, greys out flag 1
      // (停用), groups by formGroup and opens 发起申请 from the row's formMeta.
      lastUpdateTime: formatDateTime(r.update_time),
      flag: r.status,
      formGroup: r.group_name ?? '',
      ...(withMeta ? { formMeta: r.form_meta ? servedFormMeta(r.form_meta as FormMeta) : null } : {}),
    })),
  };
}

export async function formConfReply(ctx: AppContext, auth: AuthContext, id: string) {
  const design = await loadDesign(ctx.db, id);
  const meta = auth.user.userType === 0 ? design.meta : (await modelForCaller(ctx, auth, id)).meta;
  return {
    errCode: 0,
    formConf: {
      formId: Number(design.formId),
      formName: design.formName,
      formType: design.formType,
      status: design.status,
      formMeta: servedFormMeta(meta),
    },
  };
}

export async function setFormStatus(ctx: AppContext, request: FastifyRequest, id: string, status: number, label: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.setFormStatus(trx, id, status))) throw notFound('表单不存在');
    await announceFormChange(trx, ctx.events, ctx.forms, id);
    await writeAudit(trx, request, { action: label, targetType: 'form', targetId: id });
  });
}

export function copyFormAs(ctx: AppContext, request: FastifyRequest, sourceId: string, formName: string | undefined, groupId: string | null | undefined) {
  return ctx.db.transaction().execute(async (trx) => {
    // Locked so that the design copied is one whole saved design, not one being replaced.
    const source = await repo.findForm(trx, sourceId, true);
    if (!source) throw notFound('表单不存在');
    if (groupId) await assertGroup(trx, groupId);
    const name = formName === undefined ? `${source.form_name}-副本`.slice(0, 100) : filled(formName);
    const copy = await copyForm(trx, sourceId, name, groupId, authOf(request));
    await writeAudit(trx, request, {
      action: '复制表单',
      targetType: 'form',
      targetId: copy.formId,
      detail: { sourceId, createdTables: copy.report?.createdTables ?? [] },
    });
    return { errCode: 0, formId: Number(copy.formId), formName: name };
  });
}

/**
 * Deletes an empty form with its tables. A form holding records is disabled instead and the
 * reply says so (errCode 0, deleted false): its data is never dropped from here.
 */
/**
 * A search index of the form may be building (CREATE INDEX CONCURRENTLY, just after a publish): it
 * waits for this transaction while this one waits for the table lock it holds, and PostgreSQL ends
 * the tie by failing one of them. When it fails this one, the build goes on, and the next try waits
 * for it to finish instead.
 */
async function retryOnDeadlock<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if ((e as { code?: unknown }).code !== '40P01' || attempt >= tries) throw e;
    }
  }
}

export async function deleteOrDisableForm(ctx: AppContext, request: FastifyRequest, id: string) {
  const reply = await retryOnDeadlock(() => ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findForm(trx, id, true);
    if (!row) throw notFound('表单不存在');
    const before = { form_name: row.form_name, status: row.status, group_id: row.group_id };
    if (await lockAndCheckData(trx, id)) {
      if (before.status !== 1) await repo.setFormStatus(trx, id, 1);
      await announceFormChange(trx, ctx.events, ctx.forms, id);
      await writeAudit(trx, request, { action: '停用表单（有数据不能删除）', targetType: 'form', targetId: id, detail: before });
      return { errCode: 0, deleted: false as const, status: 1, message: HAS_DATA(before.form_name) };
    }
    const dropped = await dropEmptyForm(trx, id);
    await announceFormChange(trx, ctx.events, ctx.forms, id);
    // Sessions cache their menus; every instance drops them when a menu goes (as deleteMenu does).
    if (dropped.removedMenus.length > 0) await ctx.events.publish(trx, { kind: 'user', id: '*' });
    await writeAudit(trx, request, { action: '删除表单', targetType: 'form', targetId: id, detail: { ...before, ...dropped } });
    return { errCode: 0, deleted: true as const, removedMenus: dropped.removedMenus, message: '表单已删除' };
  }));
  if (reply.deleted && reply.removedMenus.length > 0) ctx.events.deliver({ kind: 'user', id: '*' });
  return reply;
}

export function addGroup(db: Kysely<Database>, request: FastifyRequest, rawName: string, orderIndex: number | undefined) {
  const groupName = filled(rawName, '请输入分组名称');
  return db.transaction().execute(async (trx) => {
    if (await repo.groupNameTaken(trx, groupName)) throw conflict('分组名称已存在');
    const id = await repo.insertGroup(trx, groupName, orderIndex ?? 0);
    await writeAudit(trx, request, { action: '新建表单分组', targetType: 'form_group', targetId: id });
    return { errCode: 0, id: Number(id) };
  });
}

export function updateGroup(db: Kysely<Database>, request: FastifyRequest, id: string, rawName: string, orderIndex: number | undefined) {
  const groupName = filled(rawName, '请输入分组名称');
  return db.transaction().execute(async (trx) => {
    const before = await repo.findGroup(trx, id);
    if (!before) throw notFound('分组不存在');
    if (await repo.groupNameTaken(trx, groupName, id)) throw conflict('分组名称已存在');
    await repo.updateGroup(trx, id, groupName, orderIndex ?? before.order_index);
    await writeAudit(trx, request, { action: '修改表单分组', targetType: 'form_group', targetId: id, detail: before });
    return { errCode: 0 };
  });
}

export async function deleteGroup(db: Kysely<Database>, request: FastifyRequest, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findGroup(trx, id);
    if (!before) throw notFound('分组不存在');
    await repo.deleteGroup(trx, id);
    await writeAudit(trx, request, { action: '删除表单分组', targetType: 'form_group', targetId: id, detail: before });
  });
}

export async function listGroups(db: Kysely<Database>) {
  const rows = await repo.listGroups(db);
  return { errCode: 0, datas: rows.map((r) => ({ id: Number(r.id), groupName: r.group_name, orderIndex: r.order_index })) };
}
