import crypto from 'node:crypto';
import { ADMIN_PASSWORD, type TestApp } from './testApp.ts';

/*
 * Two tenants for the isolation tests of issue 36 (t2), arranged in SQL as ADR 0034 has them: an
 * approved sys_company with tenant_status 1, its root organisation and a child, its TENANT_ADMIN
 * role bound to the tenant-visible menus, a 主管理员 (0), a 子管理员 (1) granted only 用户管理,
 * a 普通用户 (2), and a dictionary type of its own. Users have the administrator's password.
 */
export interface TenantUserFixture {
  id: string;
  username: string;
  cookie: string;
}

export interface TenantFixture {
  id: string;
  name: string;
  rootOrgId: string;
  childOrgId: string;
  adminRoleId: string;
  subRoleId: string;
  dicTypeId: string;
  owner: TenantUserFixture;
  sub: TenantUserFixture;
  plain: TenantUserFixture;
}

async function insertUser(t: TestApp, tenantId: string, tag: string, kind: 0 | 1 | 2, orgId: string, roleId: string | null) {
  const username = `t2_${tag}_${kind}`;
  const { rows } = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select $1, password_hash, $2, $3, $4, $5 from sys_user where username = 'admin' returning id`,
    [username, `${username}的名字`, kind === 2 ? 2 : 1, tenantId, kind],
  );
  const id = rows[0]!.id;
  await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [id, orgId]);
  if (roleId) await t.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [id, roleId]);
  return { id, username, cookie: await t.login(username, ADMIN_PASSWORD) };
}

export async function insertT2Tenant(t: TestApp, label: string): Promise<TenantFixture> {
  const tag = `${label}${crypto.randomBytes(3).toString('hex')}`;
  const name = `${label}租户${tag}`;
  const c = await t.sql.query<{ id: string }>(
    `insert into sys_company (company_name, company_code, status, tenant_status, source) values ($1, null, '1', 1, 'park') returning id`,
    [name],
  );
  const id = c.rows[0]!.id;
  const root = await t.sql.query<{ id: string }>(`insert into sys_org (org_name, company_id) values ($1, $2) returning id`, [name, id]);
  const child = await t.sql.query<{ id: string }>(
    `insert into sys_org (org_name, parent_id, company_id) values ('安全部', $1, $2) returning id`,
    [root.rows[0]!.id, id],
  );
  const role = await t.sql.query<{ id: string }>(
    `insert into sys_role (role_name, role_code, company_id) values ('主管理员', 'TENANT_ADMIN', $1) returning id`,
    [id],
  );
  await t.sql.query(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where tenant_visible`, [role.rows[0]!.id]);
  const subRole = await t.sql.query<{ id: string }>(
    `insert into sys_role (role_name, company_id) values ('子管理员角色', $1) returning id`,
    [id],
  );
  await t.sql.query(
    `insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where path in ('/system', '/system/user') and company_id is null`,
    [subRole.rows[0]!.id],
  );
  const dic = await t.sql.query<{ id: string }>(
    `insert into sys_dic_type (type_code, type_name, company_id) values ('t2_own', $1, $2) returning id`,
    [`${label}的字典`, id],
  );
  await t.sql.query(`insert into sys_dic_catalog (type_id, code, name, order_index) values ($1, 'a', '甲', 0)`, [dic.rows[0]!.id]);
  const rootOrgId = root.rows[0]!.id;
  return {
    id,
    name,
    rootOrgId,
    childOrgId: child.rows[0]!.id,
    adminRoleId: role.rows[0]!.id,
    subRoleId: subRole.rows[0]!.id,
    dicTypeId: dic.rows[0]!.id,
    owner: await insertUser(t, id, tag, 0, rootOrgId, role.rows[0]!.id),
    sub: await insertUser(t, id, tag, 1, rootOrgId, subRole.rows[0]!.id),
    plain: await insertUser(t, id, tag, 2, child.rows[0]!.id, null),
  };
}

/** A fingerprint of every administration row of one owner (a tenant id, or null: the park), to prove a refusal changed nothing. */
export async function ownerFingerprint(t: TestApp, companyId: string | null): Promise<string> {
  const owner = companyId === null ? 'company_id is null' : `company_id = ${Number(companyId)}`;
  const { rows } = await t.sql.query<{ f: string }>(`
    select md5(concat_ws('|',
      (select string_agg(o::text, ',' order by id) from sys_org o where ${owner}),
      (select string_agg(u::text, ',' order by id) from (select id, username, real_name, status, user_type, tenant_user_type, password_hash, company_id from sys_user where ${owner}) u),
      (select string_agg(r::text, ',' order by id) from sys_role r where ${owner}),
      (select string_agg(rm::text, ',' order by role_id, menu_id) from sys_role_menu rm where role_id in (select id from sys_role where ${owner})),
      (select string_agg(ur::text, ',' order by user_id, role_id) from sys_user_role ur where user_id in (select id from sys_user where ${owner})),
      (select string_agg(uo::text, ',' order by user_id, org_id) from sys_user_org uo where user_id in (select id from sys_user where ${owner})),
      (select string_agg(ro::text, ',' order by org_id, role_id) from sys_org_role ro where role_id in (select id from sys_role where ${owner})),
      (select string_agg(d::text, ',' order by id) from sys_dic_type d where ${owner}),
      (select string_agg(c::text, ',' order by id) from sys_dic_catalog c where type_id in (select id from sys_dic_type where ${owner}))
    )) as f`);
  return rows[0]!.f;
}
