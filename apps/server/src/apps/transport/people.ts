import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findInstalledApp, installFormMenu } from '../../modules/apppackage/index.ts';
import { TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';

/*
 * The demo's people of 危化品运输 (issue 41): a fleet's clerk who files waybills and a receiving
 * company's reviewer who approves them. The package grants its menus to 园区管理员 and 企业用户;
 * these two roles hold only what their part of the story needs — the clerk 电子运单 and the fleet's
 * own 车辆, 驾驶员, 押运员 (托运方, 车队 and the goods catalogue are the park's to keep), the
 * reviewer nothing but 待办 and 消息 (the task page shows the waybill to its assignee).
 * The reviewer is a user of the receiving company (华中危化品储运有限公司, a demo company and tenant)
 * holding 收货企业审核人: the flow asks the users of the company in the waybill's 收货企业 who hold
 * that role (recipient type 10, ADR 0068), so a waybill to another company never reaches him.
 */

/** The demo's receiving company: the e2e and the demo fleet's waybills name it as 收货企业. */
export const RECEIVING_COMPANY = '华中危化品储运有限公司';

export const TRANSPORT_PEOPLE = {
  clerk: { username: 'tp_chenli', realName: '陈立', role: 'tp_fleet_clerk' },
  reviewer: { username: 'tp_liuyang', realName: '刘洋', role: 'tp_receiver' },
} as const;

const ROLES = [
  { code: 'tp_fleet_clerk', name: '车队调度员', remark: '填报电子运单，维护本车队的车辆、驾驶员与押运员', forms: [TRANSPORT_FORMS.waybill, TRANSPORT_FORMS.vehicle, TRANSPORT_FORMS.driver, TRANSPORT_FORMS.escort] },
  { code: 'tp_receiver', name: '收货企业审核人', remark: '审批发往本企业的电子运单', forms: [] },
] as const;

const PEOPLE_SEED_KEY = 'app-hazmat-transport-people-v1';
/** Version 1.1.0's step: the reviewer moves from the park into the receiving company. */
const REVIEWER_SEED_KEY = 'app-hazmat-transport-reviewer-company-v1';
/** 企业用户 (sys_user.user_type 2), 普通用户 of the tenant (tenant_user_type 2). */
const COMPANY_USER = { user_type: 2, tenant_user_type: 2 } as const;

/**
 * The roles the package's flow names by code (@role:tp_receiver): they must exist before the
 * install, as any installation importing the package must have them (ADR 0054).
 */
export async function ensureTransportRoles(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const r of ROLES) await roleOf(trx, r);
  });
}
/** What everyone signed in uses: 首页, 待办, 消息. */
const WORKBENCH_PATHS = ['/home', '/waitDoneTask/WaitDoneTask', '/msg/MsgList'];

/** Once per installation, after the package is installed (its menus are granted by form). */
export async function seedTransportPeople(db: Kysely<Database>): Promise<void> {
  const app = await findInstalledApp(db, TRANSPORT_APP.code);
  if (!app) return;
  await db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sys_seed_applied').values({ key: PEOPLE_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    if (!claimed) return;
    const admin = await trx.selectFrom('sys_user').select('password_hash').where('username', '=', 'admin').executeTakeFirst();
    if (!admin) return;
    for (const r of ROLES) {
      const roleId = await roleOf(trx, r);
      const menus = await trx.selectFrom('sys_menu').select('id').where('company_id', 'is', null).where('menu_type', '=', 'menu').where('path', 'in', WORKBENCH_PATHS).execute();
      for (const m of menus) await trx.insertInto('sys_role_menu').values({ role_id: roleId, menu_id: m.id }).onConflict((oc) => oc.doNothing()).execute();
      for (const code of r.forms) {
        const formId = app.formIds.get(code);
        // The form's existing list menu (the install made it), granted with its buttons and group.
        if (formId) await installFormMenu(trx, formId, { group: TRANSPORT_APP.name, name: '', roles: [r.code] });
      }
    }
    for (const p of Object.values(TRANSPORT_PEOPLE)) {
      if (p === TRANSPORT_PEOPLE.reviewer) continue; // the receiving company's (seedReviewer)
      // The demo people's password is the administrator's, as the other demo people's.
      const had = await trx.selectFrom('sys_user').select('id').where('username', '=', p.username).executeTakeFirst();
      const id = had?.id ?? (await trx.insertInto('sys_user').values({ username: p.username, password_hash: admin.password_hash, real_name: p.realName, sex: '0', user_type: 0 }).returning('id').executeTakeFirstOrThrow()).id;
      const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', p.role).where('company_id', 'is', null).executeTakeFirstOrThrow();
      await trx.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
    }
  });
}

/** The reviewer, a user of the receiving company with 收货企业审核人; once (an older demo's park user 刘洋 is moved there). */
export async function seedReviewer(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sys_seed_applied').values({ key: REVIEWER_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    if (!claimed) return;
    const admin = await trx.selectFrom('sys_user').select('password_hash').where('username', '=', 'admin').executeTakeFirst();
    const company = await trx.selectFrom('sys_company').select('id').where('company_name', '=', RECEIVING_COMPANY).where('status', '=', '1').executeTakeFirst();
    const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', TRANSPORT_PEOPLE.reviewer.role).where('company_id', 'is', null).executeTakeFirst();
    if (!admin || !company || !role) return;
    const p = TRANSPORT_PEOPLE.reviewer;
    const had = await trx.selectFrom('sys_user').select('id').where('username', '=', p.username).executeTakeFirst();
    const id = had
      ? (await trx.updateTable('sys_user').set({ company_id: company.id, ...COMPANY_USER }).where('id', '=', had.id).returning('id').executeTakeFirstOrThrow()).id
      : (await trx.insertInto('sys_user').values({ username: p.username, password_hash: admin.password_hash, real_name: p.realName, sex: '0', company_id: company.id, ...COMPANY_USER }).returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
    // In the company's organisation, as its other users (the tenant's root).
    const org = await trx.selectFrom('sys_org').select('id').where('company_id', '=', company.id).where('parent_id', 'is', null).orderBy('id').executeTakeFirst();
    if (org) await trx.insertInto('sys_user_org').values({ user_id: id, org_id: org.id }).onConflict((oc) => oc.doNothing()).execute();
  });
}

async function roleOf(trx: Transaction<Database>, r: (typeof ROLES)[number]): Promise<string> {
  const had = await trx.selectFrom('sys_role').select('id').where('role_code', '=', r.code).where('company_id', 'is', null).executeTakeFirst();
  return had?.id ?? (await trx.insertInto('sys_role').values({ role_name: r.name, role_code: r.code, remark: r.remark }).returning('id').executeTakeFirstOrThrow()).id;
}
