import crypto from 'node:crypto';
import { ADMIN_PASSWORD, type TestApp } from './testApp.ts';

/*
 * A tenant as ADR 0034 has it, arranged in SQL for t3's tests (issue 36): an approved sys_company
 * (tenant_status 1 or 0), its root organisation, its TENANT_ADMIN role (主管理员) and a 主管理员
 * user holding it. The merger unifies this with t1's provisioning.
 */
export interface TestTenant {
  id: string;
  name: string;
  roleId: string;
  adminId: string;
  adminName: string;
  /** A session of the 主管理员 (absent for a disabled tenant, whose users cannot log in). */
  cookie: string | null;
}

export async function insertTenant(t: TestApp, name: string, opts: { enabled?: boolean } = {}): Promise<TestTenant> {
  const enabled = opts.enabled ?? true;
  const tag = crypto.randomBytes(4).toString('hex');
  const c = await t.sql.query<{ id: string }>(
    `insert into sys_company (company_name, company_code, status, tenant_status, source, contact_phone)
     values ($1, $2, '1', $3, 'park', $4) returning id`,
    [name, `T3-${tag}`, enabled ? 1 : 0, `139${String(parseInt(tag, 16) % 1e8).padStart(8, '0')}`],
  );
  const id = c.rows[0]!.id;
  const org = await t.sql.query<{ id: string }>(`insert into sys_org (org_name, company_id) values ($1, $2) returning id`, [name, id]);
  const role = await t.sql.query<{ id: string }>(
    `insert into sys_role (role_name, role_code, company_id) values ('主管理员', 'TENANT_ADMIN', $1) returning id`,
    [id],
  );
  const adminName = `t3adm_${tag}`;
  const user = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select $1, password_hash, $2, 1, $3, 0 from sys_user where username = 'admin' returning id`,
    [adminName, `${name}管理员`, id],
  );
  const adminId = user.rows[0]!.id;
  await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [adminId, org.rows[0]!.id]);
  await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [adminId, role.rows[0]!.id]);
  const cookie = enabled ? await t.login(adminName, ADMIN_PASSWORD) : null;
  return { id, name, roleId: role.rows[0]!.id, adminId, adminName, cookie };
}
