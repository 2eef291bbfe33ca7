import type { TestApp } from './testApp.ts';
import { ADMIN_PASSWORD } from './testApp.ts';
import { grantForm } from './formGrants.ts';
import { insertTenant, type TestTenant } from './t3Tenants.ts';
import { createForm, vehicleMeta } from '../src/modules/automation/testSupport.ts';

/*
 * Two tenants and the park, each with people a recipient rule can name (issue 36, t4): the park's
 * 安全员 role (code safety_officer) held by a park user; in each tenant a root organisation led by
 * its 主管理员, a 安全部 under it led by a 部长, a clerk and a 安全员 (the tenant's own role of the
 * same name, no code) in 安全部. A form handed down to both (form_tenant, the park's design) and a
 * park form handed to nobody (the park's collection form companies fill in).
 */
export interface WorldTenant extends TestTenant {
  rootOrg: string;
  dept: string;
  lead: string;
  clerk: string;
  safety: string;
  safetyRole: string;
  clerkCookie: string;
}

export interface TenantWorld {
  admin: string;
  parkSafetyRole: string;
  parkSafety: string;
  parkOrg: string;
  /** Handed down to A and B. */
  handed: number;
  /** Handed down to no tenant. */
  open: number;
  a: WorldTenant;
  b: WorldTenant;
}

const one = async (t: TestApp, text: string, params: unknown[]) => String((await t.sql.query<{ id: string }>(text, params)).rows[0]!.id);

async function user(t: TestApp, username: string, companyId: string | null, orgId: string): Promise<string> {
  const id = await one(
    t,
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select $1, password_hash, $1 || '的名字', $2, $3, $4 from sys_user where username = 'admin' returning id`,
    [username, companyId === null ? 0 : 2, companyId, companyId === null ? null : 2],
  );
  await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [id, orgId]);
  return id;
}

async function tenantOf(t: TestApp, name: string, tag: string, forms: number[]): Promise<WorldTenant> {
  const base = await insertTenant(t, name);
  const rootOrg = await one(t, `select id from sys_org where company_id = $1 and parent_id is null`, [base.id]);
  await t.sql.query(`update sys_org set leader_id = $1 where id = $2`, [base.adminId, rootOrg]);
  const dept = await one(t, `insert into sys_org (org_name, parent_id, company_id) values ('安全部', $1, $2) returning id`, [rootOrg, base.id]);
  const lead = await user(t, `${tag}_lead`, base.id, dept);
  await t.sql.query(`update sys_org set leader_id = $1 where id = $2`, [lead, dept]);
  const clerk = await user(t, `${tag}_clerk`, base.id, dept);
  const safety = await user(t, `${tag}_safety`, base.id, dept);
  const safetyRole = await one(t, `insert into sys_role (role_name, company_id) values ('安全员', $1) returning id`, [base.id]);
  await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [safety, safetyRole]);
  for (const f of forms) await grantForm(t, clerk, f);
  return { ...base, rootOrg, dept, lead, clerk, safety, safetyRole, clerkCookie: await t.login(`${tag}_clerk`, ADMIN_PASSWORD) };
}

export async function tenantWorld(t: TestApp, tag: string): Promise<TenantWorld> {
  const admin = await t.login();
  const handed = await createForm(t, admin, `租户车辆登记-${tag}`, vehicleMeta());
  const open = await createForm(t, admin, `园区车辆登记-${tag}`, vehicleMeta());
  const parkOrg = await one(t, `insert into sys_org (org_name) values ($1) returning id`, [`园区安全科-${tag}`]);
  const parkSafetyRole = await one(t, `insert into sys_role (role_name, role_code) values ('安全员', $1) returning id`, [`safety_${tag}`]);
  const parkSafety = await user(t, `${tag}_park_safety`, null, parkOrg);
  await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [parkSafety, parkSafetyRole]);
  const a = await tenantOf(t, `甲化工-${tag}`, `${tag}_a`, [handed, open]);
  const b = await tenantOf(t, `乙化工-${tag}`, `${tag}_b`, [handed, open]);
  for (const x of [a, b]) {
    await t.sql.query(
      `insert into form_tenant (form_id, company_id, form_meta, design_version) select id, $2, form_meta, design_version from form_conf where id = $1`,
      [handed, x.id],
    );
  }
  t.booted.ctx.forms.forget(String(handed));
  return { admin, parkSafetyRole, parkSafety, parkOrg, handed, open, a, b };
}
