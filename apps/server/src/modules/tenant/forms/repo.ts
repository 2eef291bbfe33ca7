import { sql, type Kysely } from 'kysely';
import { TENANT_ADMIN_ROLE_CODE, type FormMeta } from '@park/core';
import type { Database } from '../../../db/schema.ts';

/*
 * SQL of 表单分配 (issue 36, ADR 0034/0037): the park's forms, the tenants, which tenant holds
 * which form (form_tenant), and the allot/sync runs (form_allot_task, form_allot_task_item).
 */

/** The tenant's 主管理员 role code (core's TENANT_ADMIN_ROLE_CODE). */
export const TENANT_ADMIN_ROLE = TENANT_ADMIN_ROLE_CODE;

export interface ParkDesign {
  id: string;
  formName: string;
  status: number;
  designVersion: number;
  meta: FormMeta | null;
}

/** The park's forms (company_id null), newest first, for queryPlatFormConf. */
export async function listParkForms(db: Kysely<Database>, pageNum: number, pageSize: number) {
  const base = db.selectFrom('form_conf').where('form_conf.company_id', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('form_group', 'form_group.id', 'form_conf.group_id')
      .select(['form_conf.id', 'form_conf.form_name', 'form_conf.status', 'form_conf.create_time', 'form_group.group_name'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('flow_model').select('flow_model.id').whereRef('flow_model.form_id', '=', 'form_conf.id').where('flow_model.definition_id', 'is not', null))
          .as('has_flow'),
      )
      .orderBy('form_conf.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The park's designs of these forms (a tenant's own forms are not the park's to hand down). */
export async function parkDesigns(db: Kysely<Database>, ids: readonly string[]): Promise<ParkDesign[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('form_conf')
    .select(['id', 'form_name', 'status', 'design_version', 'form_meta'])
    .where('id', 'in', [...ids])
    .where('company_id', 'is', null)
    .execute();
  return rows.map((r) => ({ id: r.id, formName: r.form_name, status: r.status, designVersion: r.design_version, meta: (r.form_meta as FormMeta | null) ?? null }));
}

export interface TenantRow {
  id: string;
  tenantName: string;
  /** 1 启用, 0 禁用. */
  status: number;
}

/** Approved companies (the tenants, ADR 0034), by name. */
export async function listTenants(db: Kysely<Database>, ids?: readonly string[]): Promise<TenantRow[]> {
  let q = db.selectFrom('sys_company').select(['id', 'company_name', 'tenant_status']).where('status', '=', '1');
  if (ids) q = ids.length === 0 ? q.where(sql<boolean>`false`) : q.where('id', 'in', [...ids]);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, tenantName: r.company_name, status: r.tenant_status }));
}

/** The tenants holding a form. */
export async function tenantsHolding(db: Kysely<Database>, formId: string): Promise<TenantRow[]> {
  const rows = await db
    .selectFrom('form_tenant')
    .innerJoin('sys_company', 'sys_company.id', 'form_tenant.company_id')
    .select(['sys_company.id', 'sys_company.company_name', 'sys_company.tenant_status'])
    .where('form_tenant.form_id', '=', formId)
    .orderBy('sys_company.id')
    .execute();
  return rows.map((r) => ({ id: r.id, tenantName: r.company_name, status: r.tenant_status }));
}

/** The forms a tenant holds. */
export async function formsHeldBy(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('form_tenant')
    .innerJoin('form_conf', 'form_conf.id', 'form_tenant.form_id')
    .select(['form_conf.id', 'form_conf.form_name'])
    .where('form_tenant.company_id', '=', tenantId)
    .orderBy('form_conf.id')
    .execute();
}

export interface TenantCopy {
  meta: FormMeta;
  designVersion: number;
  menuId: string | null;
}

export async function tenantCopy(db: Kysely<Database>, formId: string, tenantId: string): Promise<TenantCopy | null> {
  const r = await db
    .selectFrom('form_tenant')
    .select(['form_meta', 'design_version', 'menu_id'])
    .where('form_id', '=', formId)
    .where('company_id', '=', tenantId)
    .executeTakeFirst();
  return r ? { meta: r.form_meta as FormMeta, designVersion: r.design_version, menuId: r.menu_id } : null;
}

// ---- runs ---------------------------------------------------------------------------------

export async function createTask(db: Kysely<Database>, key: string, kind: 'allot' | 'sync', formId: string, tenantIds: readonly string[], userId: string) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('form_allot_task').values({ task_key: key, kind, form_id: formId, create_by: userId }).execute();
    await trx
      .insertInto('form_allot_task_item')
      .values(tenantIds.map((company_id) => ({ task_key: key, company_id })))
      .execute();
  });
}

export async function findTask(db: Kysely<Database>, key: string) {
  return db.selectFrom('form_allot_task').selectAll().where('task_key', '=', key).executeTakeFirst();
}

export async function taskItems(db: Kysely<Database>, key: string) {
  return db.selectFrom('form_allot_task_item').select(['company_id', 'status', 'message']).where('task_key', '=', key).orderBy('company_id').execute();
}

export async function setItem(db: Kysely<Database>, key: string, tenantId: string, status: number, message: string | null = null) {
  await db.updateTable('form_allot_task_item').set({ status, message }).where('task_key', '=', key).where('company_id', '=', tenantId).execute();
}

export async function finishTask(db: Kysely<Database>, key: string, status: 'finished' | 'failed') {
  await db.updateTable('form_allot_task').set({ status, finish_time: new Date() }).where('task_key', '=', key).execute();
}
