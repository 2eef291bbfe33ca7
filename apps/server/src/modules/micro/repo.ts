import { sql, type Kysely, type Transaction } from 'kysely';
import type { WorkbenchNode, WorkbenchPermission } from '@park/core';
import type { Database } from '../../db/schema.ts';

/* SQL of the micro-app module (issue 37): functions, apps, templates, the two menu trees, visibility. */

type Db = Kysely<Database> | Transaction<Database>;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Page {
  pageNum: number;
  pageSize: number;
}

// ---- functions ----------------------------------------------------------------------------

export interface FunctionFilter extends Page {
  funName?: string;
  tag?: string;
  type?: number;
}

export interface FunctionRow {
  id: string;
  fun_name: string;
  type: number;
  show_type: number;
  form_id: string | null;
  menu_url: string | null;
  component: string | null;
  tag: string | null;
  explanation: string | null;
  icon_id: string | null;
}

const FUNCTION_COLUMNS = ['id', 'fun_name', 'type', 'show_type', 'form_id', 'menu_url', 'component', 'tag', 'explanation', 'icon_id'] as const;

export async function listFunctions(db: Db, f: FunctionFilter): Promise<{ rows: FunctionRow[]; total: number }> {
  let q = db.selectFrom('micro_function');
  if (f.funName) q = q.where('fun_name', 'ilike', like(f.funName));
  if (f.tag) q = q.where('tag', 'ilike', like(f.tag));
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  const [rows, count] = await Promise.all([
    q.select(FUNCTION_COLUMNS).orderBy('id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function getFunction(db: Db, id: string): Promise<FunctionRow | undefined> {
  return db.selectFrom('micro_function').select(FUNCTION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type FunctionValues = Omit<FunctionRow, 'id'>;

export async function insertFunction(db: Db, v: FunctionValues, by: string): Promise<string> {
  const row = await db.insertInto('micro_function').values({ ...v, create_by: by }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFunction(db: Db, id: string, v: FunctionValues): Promise<boolean> {
  const r = await db.updateTable('micro_function').set({ ...v, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteFunctions(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db.deleteFrom('micro_function').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function existingIds(db: Db, table: 'micro_function' | 'micro_app' | 'micro_template', ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function formExists(db: Db, formId: string): Promise<boolean> {
  const row = await db.selectFrom('form_conf').select('id').where('id', '=', formId).where('company_id', 'is', null).executeTakeFirst();
  return row !== undefined;
}

export function functionsOfApp(db: Db, appId: string): Promise<FunctionRow[]> {
  return db
    .selectFrom('micro_app_function as af')
    .innerJoin('micro_function as f', 'f.id', 'af.function_id')
    .select(FUNCTION_COLUMNS.map((c) => `f.${c}` as const))
    .where('af.app_id', '=', appId)
    .orderBy('af.sort')
    .orderBy('f.id')
    .execute();
}

// ---- apps ---------------------------------------------------------------------------------

export interface AppFilter extends Page {
  appName?: string;
  introduce?: string;
  tag?: string;
}

const APP_COLUMNS = ['id', 'app_name', 'app_type', 'introduce', 'tag', 'icon_name', 'icon_bg_color', 'icon_id'] as const;
export interface AppRow {
  id: string;
  app_name: string;
  app_type: number;
  introduce: string | null;
  tag: string | null;
  icon_name: string | null;
  icon_bg_color: string | null;
  icon_id: string | null;
}
export type AppValues = Omit<AppRow, 'id'>;

export async function listApps(db: Db, f: AppFilter): Promise<{ rows: AppRow[]; total: number }> {
  let q = db.selectFrom('micro_app');
  if (f.appName) q = q.where('app_name', 'ilike', like(f.appName));
  if (f.introduce) q = q.where('introduce', 'ilike', like(f.introduce));
  if (f.tag) q = q.where('tag', 'ilike', like(f.tag));
  const [rows, count] = await Promise.all([
    q.select(APP_COLUMNS).orderBy('id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function getApp(db: Db, id: string): Promise<AppRow | undefined> {
  return db.selectFrom('micro_app').select(APP_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function insertApp(db: Db, v: AppValues, by: string): Promise<string> {
  const row = await db.insertInto('micro_app').values({ ...v, create_by: by }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateApp(db: Db, id: string, v: AppValues): Promise<boolean> {
  const r = await db.updateTable('micro_app').set({ ...v, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setAppFunctions(db: Db, appId: string, funIds: readonly string[]): Promise<void> {
  await db.deleteFrom('micro_app_function').where('app_id', '=', appId).execute();
  if (funIds.length === 0) return;
  await db.insertInto('micro_app_function').values(funIds.map((function_id, sort) => ({ app_id: appId, function_id, sort }))).execute();
}

export async function deleteApps(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db.deleteFrom('micro_app').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function appsByIds(db: Db, ids: readonly string[]): Promise<AppRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('micro_app').select(APP_COLUMNS).where('id', 'in', ids).execute();
}

/** The functions of many apps, keyed by app, restricted to the given 显示 kinds. */
export async function functionsOfApps(db: Db, appIds: readonly string[], showTypes: readonly number[]): Promise<Map<string, FunctionRow[]>> {
  const out = new Map<string, FunctionRow[]>();
  if (appIds.length === 0) return out;
  const rows = await db
    .selectFrom('micro_app_function as af')
    .innerJoin('micro_function as f', 'f.id', 'af.function_id')
    .select(['af.app_id', ...FUNCTION_COLUMNS.map((c) => `f.${c}` as const)])
    .where('af.app_id', 'in', appIds)
    .where('f.show_type', 'in', showTypes)
    .orderBy('af.sort')
    .orderBy('f.id')
    .execute();
  for (const { app_id, ...fn } of rows) {
    const list = out.get(app_id) ?? [];
    list.push(fn);
    out.set(app_id, list);
  }
  return out;
}

// ---- templates ----------------------------------------------------------------------------

export interface TemplateFilter extends Page {
  templateName?: string;
  applyIndustry?: string;
  explanation?: string;
}
export interface TemplateRow {
  id: string;
  template_name: string;
  apply_industry: string | null;
  explanation: string | null;
}
const TEMPLATE_COLUMNS = ['id', 'template_name', 'apply_industry', 'explanation'] as const;

export async function listTemplates(db: Db, f: TemplateFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  let q = db.selectFrom('micro_template');
  if (f.templateName) q = q.where('template_name', 'ilike', like(f.templateName));
  if (f.applyIndustry) q = q.where('apply_industry', 'ilike', like(f.applyIndustry));
  if (f.explanation) q = q.where('explanation', 'ilike', like(f.explanation));
  const [rows, count] = await Promise.all([
    q.select(TEMPLATE_COLUMNS).orderBy('id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertTemplate(db: Db, v: Omit<TemplateRow, 'id'>, by: string): Promise<string> {
  const row = await db.insertInto('micro_template').values({ ...v, create_by: by }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(db: Db, id: string, v: Omit<TemplateRow, 'id'>): Promise<boolean> {
  const r = await db.updateTable('micro_template').set({ ...v, update_time: new Date() }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTemplates(db: Db, ids: readonly string[]): Promise<number> {
  const r = await db.deleteFrom('micro_template').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- the two trees ------------------------------------------------------------------------

/** Whose tree: a template's, or a workbench's (company null = the park's). */
export type TreeOwner = { kind: 'template'; templateId: string } | { kind: 'workbench'; companyId: string | null };

export interface MenuRow {
  id: string;
  parent_id: string | null;
  menu_name: string;
  level: number;
  type: number;
  sort: number;
  app_id: string | null;
  quick_app: number;
  app_type: number | null;
  icon_id: string | null;
}

export async function treeRows(db: Db, owner: TreeOwner): Promise<MenuRow[]> {
  const columns = ['m.id', 'm.parent_id', 'm.menu_name', 'm.level', 'm.type', 'm.sort', 'm.app_id', 'm.quick_app', 'a.app_type', 'a.icon_id'] as const;
  if (owner.kind === 'template') {
    return db
      .selectFrom('micro_template_menu as m')
      .leftJoin('micro_app as a', 'a.id', 'm.app_id')
      .select(columns)
      .where('m.template_id', '=', owner.templateId)
      .orderBy('m.level')
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute();
  }
  let q = db.selectFrom('micro_workbench_menu as m').leftJoin('micro_app as a', 'a.id', 'm.app_id').select(columns);
  q = owner.companyId === null ? q.where('m.company_id', 'is', null) : q.where('m.company_id', '=', owner.companyId);
  return q.orderBy('m.level').orderBy('m.sort').orderBy('m.id').execute();
}

export async function permissionsOf(db: Db, menuIds: readonly string[]): Promise<Map<string, WorkbenchPermission[]>> {
  const out = new Map<string, WorkbenchPermission[]>();
  if (menuIds.length === 0) return out;
  const rows = await db.selectFrom('micro_workbench_permission').selectAll().where('menu_id', 'in', menuIds).orderBy('type').orderBy('sub_name').execute();
  for (const r of rows) {
    const list = out.get(r.menu_id) ?? [];
    list.push({ subId: Number(r.sub_id), subName: r.sub_name, type: r.type as 0 | 1 });
    out.set(r.menu_id, list);
  }
  return out;
}

/** Drops the owner's tree and writes `nodes` in its place (the caller holds the transaction). */
export async function replaceTree(trx: Transaction<Database>, owner: TreeOwner, nodes: readonly WorkbenchNode[]): Promise<void> {
  if (owner.kind === 'template') {
    await trx.deleteFrom('micro_template_menu').where('template_id', '=', owner.templateId).execute();
  } else {
    // The one writer of a tenant's tree at a time: a lock on the owner keeps two saves from interleaving.
    await sql`select pg_advisory_xact_lock(hashtext('micro_workbench'), ${Number(owner.companyId ?? 0)}::int)`.execute(trx);
    let d = trx.deleteFrom('micro_workbench_menu');
    d = owner.companyId === null ? d.where('company_id', 'is', null) : d.where('company_id', '=', owner.companyId);
    await d.execute();
  }
  const write = async (list: readonly WorkbenchNode[], parentId: string | null) => {
    for (const [i, n] of list.entries()) {
      const isApp = Number(n.type) === 2;
      const values = {
        parent_id: parentId,
        menu_name: n.menuName.trim(),
        level: Number(n.level),
        type: Number(n.type),
        sort: Number.isInteger(Number(n.sort)) && n.sort != null ? Number(n.sort) : i + 1,
        app_id: isApp ? String(n.appId) : null,
        quick_app: isApp && Number(n.quickApp) === 1 ? 1 : 0,
      };
      const row =
        owner.kind === 'template'
          ? await trx.insertInto('micro_template_menu').values({ ...values, template_id: owner.templateId }).returning('id').executeTakeFirstOrThrow()
          : await trx.insertInto('micro_workbench_menu').values({ ...values, company_id: owner.companyId }).returning('id').executeTakeFirstOrThrow();
      if (owner.kind === 'workbench' && n.permissions && n.permissions.length > 0) {
        const seen = new Set<string>();
        const perms = n.permissions.filter((p) => {
          const k = `${p.type}:${p.subId}`;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
        await trx
          .insertInto('micro_workbench_permission')
          .values(perms.map((p) => ({ menu_id: row.id, type: Number(p.type), sub_id: String(p.subId), sub_name: String(p.subName).slice(0, 100) })))
          .execute();
      }
      if (!isApp && n.children?.length) await write(n.children, row.id);
    }
  };
  await write(nodes, null);
}

// ---- tenants, people, organisations -------------------------------------------------------

export async function tenantExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('sys_company').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is a 主管理员 of the tenant: holds its TENANT_ADMIN role (ADR 0034). */
export async function isTenantAdmin(db: Db, userId: string, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .where('r.role_code', '=', 'TENANT_ADMIN')
    .where('r.company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's organisations and every organisation above them: a 可见范围 naming any of them includes the user. */
export async function orgsAndAncestors(db: Db, userId: string): Promise<string[]> {
  const r = await sql<{ id: string }>`
    with recursive up as (
      select o.id, o.parent_id from sys_org o join sys_user_org uo on uo.org_id = o.id where uo.user_id = ${userId}
      union
      select p.id, p.parent_id from sys_org p join up on up.parent_id = p.id
    )
    select id::text as id from up`.execute(db);
  return r.rows.map((x) => x.id);
}

/** One level of 组织架构 inside a tenant (null: the park): the organisations under `orgId` and its people. */
export async function orgLevel(db: Db, companyId: string | null, orgId: string | null): Promise<{ orgs: Array<{ id: string; name: string }>; users: Array<{ id: string; name: string }> }> {
  let oq = db.selectFrom('sys_org').select(['id', 'org_name as name']);
  oq = companyId === null ? oq.where('company_id', 'is', null) : oq.where('company_id', '=', companyId);
  oq = orgId === null ? oq.where('parent_id', 'is', null) : oq.where('parent_id', '=', orgId);
  const orgs = await oq.orderBy('order_index').orderBy('id').execute();
  if (orgId === null) return { orgs, users: [] };
  let uq = db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_org as uo', 'uo.user_id', 'u.id')
    .select(['u.id', 'u.real_name as name'])
    .where('uo.org_id', '=', orgId)
    .where('u.status', '=', 0);
  uq = companyId === null ? uq.where('u.company_id', 'is', null) : uq.where('u.company_id', '=', companyId);
  const users = await uq.orderBy('u.id').limit(1000).execute();
  return { orgs, users };
}

export async function orgInTenant(db: Db, orgId: string, companyId: string | null): Promise<boolean> {
  let q = db.selectFrom('sys_org').select('id').where('id', '=', orgId);
  q = companyId === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', companyId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** How many of `ids` belong to the tenant (null: the park). */
export async function countInTenant(db: Db, table: 'sys_org' | 'sys_user', companyId: string | null, ids: readonly string[]): Promise<number> {
  let q = db.selectFrom(table).select('id').where('id', 'in', ids);
  q = companyId === null ? q.where('company_id', 'is', null) : q.where('company_id', '=', companyId);
  return (await q.execute()).length;
}

/** Holds the template for the save's transaction; false when it is gone. */
export async function lockTemplate(trx: Transaction<Database>, id: string): Promise<boolean> {
  const t = await trx.selectFrom('micro_template').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return t !== undefined;
}
