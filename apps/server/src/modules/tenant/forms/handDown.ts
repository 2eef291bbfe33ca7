import { sql, type Kysely } from 'kysely';
import { ALLOT_STATUS, designChanges, formPermission, type DesignChange, type FormMeta } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { formTable, subTable } from '../../form/index.ts';
import { parkDesigns, TENANT_ADMIN_ROLE, tenantCopy, type ParkDesign } from './repo.ts';

/*
 * One tenant's part of an allot or a sync (ADR 0034 §5–6, ADR 0037), run inside that tenant's own
 * transaction: it either all happens or the tenant is reported failed and nothing of it stays.
 */

export interface TenantOutcome {
  status: number;
  message: string | null;
}

export interface HandDownPlan {
  formId: string;
  /** The form and every form it depends on, the form first. */
  forms: ParkDesign[];
  dictionaries: string[];
}

class Refusal extends Error {}

const refused = (message: string) => new Refusal(message);

export const TENANT_DISABLED = '租户已禁用';
export const NOT_ALLOTTED = '该租户尚未分配此表单，请先分配';
export const NO_PARK_DESIGN = '表单暂未进行表单设计，不能分配';

/** Runs one tenant's part; a refusal or an error rolls it back and is the tenant's outcome. */
async function perTenant(db: Kysely<Database>, tenantId: string, work: (trx: Kysely<Database>, notes: string[]) => Promise<void>): Promise<TenantOutcome> {
  try {
    const notes: string[] = [];
    await db.transaction().execute(async (trx) => {
      const tenant = await trx.selectFrom('sys_company').select(['tenant_status', 'status']).where('id', '=', tenantId).forUpdate().executeTakeFirst();
      if (!tenant || tenant.status !== '1') throw refused('租户不存在');
      if (tenant.tenant_status !== 1) throw refused(TENANT_DISABLED);
      await work(trx, notes);
      // Sessions of the tenant read their menus and permissions again.
      await sql`select pg_notify('park_auth', ${JSON.stringify({ kind: 'user', id: '*' })})`.execute(trx);
    });
    return notes.length > 0 ? { status: ALLOT_STATUS.partly, message: notes.join('；') } : { status: ALLOT_STATUS.done, message: null };
  } catch (err) {
    if (err instanceof Refusal) return { status: ALLOT_STATUS.failed, message: err.message };
    return { status: ALLOT_STATUS.failed, message: `处理失败：${err instanceof Error ? err.message.slice(0, 200) : String(err)}` };
  }
}

/** 表单分配 to one tenant: the form and each dependency it lacks, their menus and the dictionaries. */
export function allotToTenant(db: Kysely<Database>, plan: HandDownPlan, tenantId: string, userId: string | null): Promise<TenantOutcome> {
  return perTenant(db, tenantId, async (trx, notes) => {
    await handDownForms(trx, plan, tenantId, userId, notes);
  });
}

/**
 * 同步配置 to one tenant: its copy of the form moves to the park's current design, unless that
 * would take away a field holding data in this tenant's rows; dependencies the new design brings
 * are handed down as an allot would.
 */
export function syncToTenant(db: Kysely<Database>, plan: HandDownPlan, tenantId: string, userId: string | null): Promise<TenantOutcome> {
  return perTenant(db, tenantId, async (trx, notes) => {
    const park = plan.forms[0]!;
    const copy = await tenantCopy(trx, plan.formId, tenantId);
    if (!copy) throw refused(NOT_ALLOTTED);
    if (!park.meta) throw refused(NO_PARK_DESIGN);
    const losses = await lossesIn(trx, plan.formId, tenantId, designChanges(copy.meta, park.meta), copy.meta);
    if (losses.length > 0) throw refused(losses.join('；'));
    await trx
      .updateTable('form_tenant')
      .set({ form_meta: JSON.stringify(park.meta), design_version: park.designVersion, sync_time: new Date() })
      .where('form_id', '=', plan.formId)
      .where('company_id', '=', tenantId)
      .execute();
    await handDownForms(trx, { ...plan, forms: plan.forms.slice(1) }, tenantId, userId, notes);
  });
}

/**
 * An application package's forms into one tenant (issue 41, ADR 0054), inside the caller's
 * transaction, since a package installs in one: forms the tenant lacks are handed down as an allot
 * does; forms it holds move to the park's new design unless that loses this tenant's data (the
 * sync's check). A refusal is the answer, for the caller to roll everything back.
 */
export async function handDownInPackage(trx: Kysely<Database>, plan: HandDownPlan, tenantId: string, userId: string | null): Promise<{ ok: true; notes: string[] } | { ok: false; reason: string }> {
  const tenant = await trx.selectFrom('sys_company').select(['tenant_status', 'status']).where('id', '=', tenantId).forUpdate().executeTakeFirst();
  if (!tenant || tenant.status !== '1') return { ok: false, reason: '租户不存在' };
  if (tenant.tenant_status !== 1) return { ok: false, reason: TENANT_DISABLED };
  for (const form of plan.forms) {
    const copy = await tenantCopy(trx, form.id, tenantId);
    if (!copy || !form.meta) continue;
    const losses = await lossesIn(trx, form.id, tenantId, designChanges(copy.meta, form.meta), copy.meta);
    if (losses.length > 0) return { ok: false, reason: losses.join('；') };
    await trx
      .updateTable('form_tenant')
      .set({ form_meta: JSON.stringify(form.meta), design_version: form.designVersion, sync_time: new Date() })
      .where('form_id', '=', form.id)
      .where('company_id', '=', tenantId)
      .execute();
  }
  const notes: string[] = [];
  try {
    await handDownForms(trx, plan, tenantId, userId, notes);
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: err.message };
    throw err;
  }
  await sql`select pg_notify('park_auth', ${JSON.stringify({ kind: 'user', id: '*' })})`.execute(trx);
  return { ok: true, notes };
}

/** Writes form_tenant (the park's current design) and the menu of each form the tenant lacks, then the dictionaries. */
async function handDownForms(trx: Kysely<Database>, plan: HandDownPlan, tenantId: string, userId: string | null, notes: string[]) {
  const role = await trx
    .selectFrom('sys_role')
    .select('id')
    .where('company_id', '=', tenantId)
    .where('role_code', '=', TENANT_ADMIN_ROLE)
    .executeTakeFirst();
  if (!role) notes.push('租户没有主管理员角色，菜单未授权');
  for (const form of plan.forms) {
    if (!form.meta) {
      if (form.id === plan.formId) throw refused(NO_PARK_DESIGN);
      notes.push(`依赖表单「${form.formName}」暂未设计，未分配`);
      continue;
    }
    const had = await trx.selectFrom('form_tenant').select('form_id').where('form_id', '=', form.id).where('company_id', '=', tenantId).executeTakeFirst();
    if (had) continue;
    const menuId = await copyFormMenu(trx, form.id, tenantId, role?.id ?? null);
    if (!menuId) notes.push(`表单「${form.formName}」在园区没有菜单，未创建租户菜单`);
    await trx
      .insertInto('form_tenant')
      .values({ form_id: form.id, company_id: tenantId, form_meta: JSON.stringify(form.meta), design_version: form.designVersion, menu_id: menuId, allot_by: userId })
      .execute();
  }
  for (const code of plan.dictionaries) {
    if (!(await copyDictionary(trx, code, tenantId))) notes.push(`数据字典 ${code} 在园区不存在，未复制`);
  }
}

/**
 * The tenant's menu entry of a form's list page: the park's menu (same path and component) with
 * its buttons (form:N:* codes, issue 15), under a tenant copy of the park menu's parent group,
 * granted to the tenant's 主管理员 role. Null when the park has no menu for the form.
 */
async function copyFormMenu(trx: Kysely<Database>, formId: string, tenantId: string, roleId: string | null): Promise<string | null> {
  const park = await trx
    .selectFrom('sys_menu')
    .selectAll()
    .where('company_id', 'is', null)
    .where('menu_type', '=', 'menu')
    .where('path', '=', `/form/list/${formId}`)
    .orderBy('id')
    .executeTakeFirst();
  if (!park) return null;
  const grant = async (menuId: string) => {
    if (roleId) await trx.insertInto('sys_role_menu').values({ role_id: roleId, menu_id: menuId }).onConflict((oc) => oc.doNothing()).execute();
  };
  let parentId: string | null = null;
  let level = 1;
  if (park.parent_id) {
    const group = await trx.selectFrom('sys_menu').selectAll().where('id', '=', park.parent_id).executeTakeFirstOrThrow();
    const mine = await trx
      .selectFrom('sys_menu')
      .select(['id', 'level'])
      .where('company_id', '=', tenantId)
      .where('path', '=', group.path)
      .where('menu_type', '=', 'menu')
      .executeTakeFirst();
    if (mine) parentId = mine.id;
    else {
      const made = await trx
        .insertInto('sys_menu')
        .values({ parent_id: null, name: group.name, path: group.path, component: group.component, icon_name: group.icon_name, level: 1, order_index: group.order_index, company_id: tenantId })
        .returning('id')
        .executeTakeFirstOrThrow();
      parentId = made.id;
    }
    await grant(parentId);
    level = 2;
  }
  const menu = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: parentId,
      name: park.name,
      path: park.path,
      component: park.component,
      icon_name: park.icon_name,
      level,
      order_index: park.order_index,
      show_type: park.show_type,
      perms: park.perms ?? formPermission(formId, 'view'),
      company_id: tenantId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grant(menu.id);
  const buttons = await trx.selectFrom('sys_menu').selectAll().where('parent_id', '=', park.id).where('menu_type', '=', 'button').orderBy('order_index').execute();
  for (const b of buttons) {
    const copy = await trx
      .insertInto('sys_menu')
      .values({ parent_id: menu.id, name: b.name, path: b.path, level: level + 1, order_index: b.order_index, menu_type: 'button', perms: b.perms, company_id: tenantId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(copy.id);
  }
  return menu.id;
}

/** The park's dictionary copied into the tenant (same type_code, its scope) unless it has one. False: the park has none. */
async function copyDictionary(trx: Kysely<Database>, typeCode: string, tenantId: string): Promise<boolean> {
  const have = await trx.selectFrom('sys_dic_type').select('id').where('company_id', '=', tenantId).where('type_code', '=', typeCode).executeTakeFirst();
  if (have) return true;
  const park = await trx.selectFrom('sys_dic_type').selectAll().where('company_id', 'is', null).where('type_code', '=', typeCode).executeTakeFirst();
  if (!park) return false;
  const type = await trx
    .insertInto('sys_dic_type')
    .values({ type_code: park.type_code, type_name: park.type_name, remark: park.remark, company_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Entries parents first, so each child's new parent id is known when it is copied.
  const entries = await trx.selectFrom('sys_dic_catalog').selectAll().where('type_id', '=', park.id).orderBy('id').execute();
  const newId = new Map<string, string>();
  let pending = entries;
  while (pending.length > 0) {
    const next: typeof entries = [];
    for (const e of pending) {
      if (e.parent_id !== null && !newId.has(e.parent_id)) {
        next.push(e);
        continue;
      }
      const made = await trx
        .insertInto('sys_dic_catalog')
        .values({ type_id: type.id, parent_id: e.parent_id === null ? null : newId.get(e.parent_id)!, code: e.code, name: e.name, order_index: e.order_index })
        .returning('id')
        .executeTakeFirstOrThrow();
      newId.set(e.id, made.id);
    }
    if (next.length === pending.length) break; // a parent outside the dictionary: the rest stay uncopied
    pending = next;
  }
  return true;
}

const NUMERIC_TEXT = '^\\s*[-+]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*$';

/** The field's name in the copy's design, for the reason a person reads. */
function fieldName(meta: FormMeta, change: DesignChange): string {
  const find = (list: unknown): string | null => {
    if (!Array.isArray(list)) return null;
    for (const c of list as Array<Record<string, unknown>>) {
      if (c.model === change.column && typeof c.name === 'string') return c.name;
      const inner = find(c.tableColumns) ?? (Array.isArray(c.columns) ? find((c.columns as Array<{ list?: unknown }>).flatMap((col) => (Array.isArray(col.list) ? col.list : []))) : null);
      if (inner) return inner;
    }
    return null;
  };
  return find(meta.list) ?? change.column;
}

/**
 * The changes that would lose data in this tenant's rows (tenantId null: in every row of the
 * form, as an application package's upgrade asks, issue 41), as reasons.
 */
export async function lossesIn(trx: Kysely<Database>, formId: string, tenantId: string | null, changes: DesignChange[], copyMeta: FormMeta): Promise<string[]> {
  const out: string[] = [];
  for (const change of changes) {
    if (change.kind === 'retyped' && !(change.from === 'text' && change.to === 'numeric')) continue; // a number always reads as text
    const table = change.subKey === null ? formTable(formId) : subTable(formId, change.subKey);
    const col = sql.ref(change.column);
    const holds =
      change.kind === 'dropped'
        ? change.from === 'text'
          ? sql<boolean>`${col} is not null and ${col} <> ''`
          : sql<boolean>`${col} is not null`
        : sql<boolean>`${col} is not null and ${col} <> '' and ${col} !~ ${NUMERIC_TEXT}`;
    const whose = tenantId === null ? sql`true` : sql`company_id = ${tenantId}`;
    const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} where ${whose} and ${holds} limit 1`.execute(trx);
    if (hit.rows.length === 0) continue;
    const name = fieldName(copyMeta, change);
    const where = tenantId === null ? '表单' : '本租户';
    out.push(
      change.kind === 'dropped'
        ? `字段「${name}」在${where}已有数据，新设计删除了该字段`
        : `字段「${name}」改为数字类型，${where}已有不是数字的数据`,
    );
  }
  return out;
}

/** The plan of a run: the park's designs of the form and its dependencies (the form first), and the dictionaries. */
export async function planFor(db: Kysely<Database>, formId: string, dependIds: readonly string[], dictionaries: readonly string[]): Promise<HandDownPlan> {
  const designs = await parkDesigns(db, [formId, ...dependIds]);
  const byId = new Map(designs.map((d) => [d.id, d]));
  const forms = [formId, ...dependIds].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return { formId, forms, dictionaries: [...dictionaries] };
}
