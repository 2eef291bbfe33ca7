import type { Transaction } from 'kysely';
import { HAZMAT_CATALOG_FORM_NAME, HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * Issue 37: 微应用 › 功能管理 / 微应用管理 / 模板管理 / 工作台 for the park's administrators, 工作台
 * (tenant-visible) for every tenant's 主管理员, and demo data the mobile client can show: functions
 * for the demo forms, a micro-app for 危化品车辆入园登记, a template and the park's and the demo
 * tenants' workbenches holding it.
 */
export const MICRO_MENU_PATH = '/microApp';
const MENUS = [
  { name: '功能管理', path: '/microApp/function', component: 'MicroAppFunction', iconName: 'gongnengguanli', perms: 'micro:function', tenant: false },
  { name: '微应用管理', path: '/microApp/app', component: 'MicroAppManager', iconName: 'yingyongguanli', perms: 'micro:app', tenant: false },
  { name: '模板管理', path: '/microApp/template', component: 'MicroAppTemplate', iconName: 'mobanguanli', perms: 'micro:template', tenant: false },
  { name: '工作台', path: '/microApp/workbench', component: 'TenantWorkbench', iconName: 'desktop', perms: 'micro:workbench', tenant: true },
];

type Trx = Transaction<Database>;

async function menus(trx: Trx): Promise<void> {
  let top = await trx.selectFrom('sys_menu').select(['id', 'level']).where('parent_id', 'is', null).where('company_id', 'is', null).where('path', '=', MICRO_MENU_PATH).executeTakeFirst();
  if (!top) {
    const last = await trx.selectFrom('sys_menu').select((eb) => eb.fn.max('order_index').as('m')).where('parent_id', 'is', null).executeTakeFirst();
    top = await trx
      .insertInto('sys_menu')
      .values({ parent_id: null, name: '微应用', path: MICRO_MENU_PATH, icon_name: 'yewuguanli', level: 1, tenant_visible: true, order_index: last?.m == null ? 0 : Number(last.m) + 1 })
      .returning(['id', 'level'])
      .executeTakeFirstOrThrow();
  }
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').where('company_id', 'is', null).executeTakeFirst();
  const tenantAdmins = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'TENANT_ADMIN').where('company_id', 'is not', null).execute();
  const grants: Array<{ role_id: string; menu_id: string }> = [];
  if (parkAdmin) grants.push({ role_id: parkAdmin.id, menu_id: top.id });
  for (const r of tenantAdmins) grants.push({ role_id: r.id, menu_id: top.id });
  for (const [i, m] of MENUS.entries()) {
    const row = await trx
      .insertInto('sys_menu')
      .values({ parent_id: top.id, name: m.name, path: m.path, component: m.component, icon_name: m.iconName, perms: m.perms, level: top.level + 1, order_index: i, tenant_visible: m.tenant })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (parkAdmin) grants.push({ role_id: parkAdmin.id, menu_id: row.id });
    if (m.tenant) for (const r of tenantAdmins) grants.push({ role_id: r.id, menu_id: row.id });
  }
  if (grants.length) await trx.insertInto('sys_role_menu').values(grants).onConflict((oc) => oc.doNothing()).execute();
}

async function demo(trx: Trx): Promise<void> {
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const by = admin?.id ?? null;
  const forms = await trx.selectFrom('form_conf').select(['id', 'form_name']).where('company_id', 'is', null).where('form_name', 'in', [HAZMAT_VEHICLE_FORM_NAME, HAZMAT_CATALOG_FORM_NAME]).execute();
  const formId = new Map(forms.map((f) => [f.form_name, f.id]));
  const vehicleForm = formId.get(HAZMAT_VEHICLE_FORM_NAME);
  if (!vehicleForm) return; // no demo forms: nothing to lay out
  const fn = async (funName: string, form: string, type: number, tag: string, explanation: string) =>
    (
      await trx
        .insertInto('micro_function')
        .values({ fun_name: funName, type, show_type: 0, form_id: form, menu_url: `/form/list/${form}`, component: 'FormCustom', tag, explanation, icon_id: null, create_by: by })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const vehicleFn = await fn(HAZMAT_VEHICLE_FORM_NAME, vehicleForm, 1, '车辆,危化品', '危化品运输车辆入园前登记，提交后逐级审批');
  const catalogForm = formId.get(HAZMAT_CATALOG_FORM_NAME);
  const catalogFn = catalogForm ? await fn(HAZMAT_CATALOG_FORM_NAME, catalogForm, 0, '危化品', '园区允许入园的危化品目录') : null;
  const app = async (appName: string, iconName: string, color: string, introduce: string, tag: string, funIds: string[]) => {
    const row = await trx
      .insertInto('micro_app')
      .values({ app_name: appName, app_type: 0, introduce, tag, icon_name: iconName, icon_bg_color: color, icon_id: null, create_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (funIds.length) await trx.insertInto('micro_app_function').values(funIds.map((function_id, sort) => ({ app_id: row.id, function_id, sort }))).execute();
    return row.id;
  };
  const vehicleApp = await app(HAZMAT_VEHICLE_FORM_NAME, 'cheliangguanli', '#409EFF', '危化品车辆入园登记与审批', '车辆,危化品', [vehicleFn]);
  const catalogApp = catalogFn ? await app(HAZMAT_CATALOG_FORM_NAME, 'anquanshengchan', '#E6A23C', '查阅园区危化品目录', '危化品', [catalogFn]) : null;

  const template = await trx
    .insertInto('micro_template')
    .values({ template_name: '化工园区通用模板', apply_industry: '化工', explanation: '安全、健康、环保三类分组，含危化品车辆入园登记', create_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();

  // One layout for the template and every workbench: 安全管理 › 车辆与危化品 › the apps, three more groups.
  type Owner = { template_id: string } | { company_id: string | null };
  const lay = async (owner: Owner) => {
    const insert = (v: { parent_id: string | null; menu_name: string; level: number; type: number; sort: number; app_id: string | null; quick_app: number }) =>
      'template_id' in owner
        ? trx.insertInto('micro_template_menu').values({ ...v, template_id: owner.template_id }).returning('id').executeTakeFirstOrThrow()
        : trx.insertInto('micro_workbench_menu').values({ ...v, company_id: owner.company_id }).returning('id').executeTakeFirstOrThrow();
    const groups = ['安全管理', '健康管理', '环保管理', '其他'];
    for (const [i, name] of groups.entries()) {
      const g = await insert({ parent_id: null, menu_name: name, level: 1, type: 1, sort: i + 1, app_id: null, quick_app: 0 });
      if (i !== 0) continue;
      const sub = await insert({ parent_id: g.id, menu_name: '车辆与危化品', level: 2, type: 1, sort: 1, app_id: null, quick_app: 0 });
      await insert({ parent_id: sub.id, menu_name: HAZMAT_VEHICLE_FORM_NAME, level: 3, type: 2, sort: 1, app_id: vehicleApp, quick_app: 1 });
      if (catalogApp) await insert({ parent_id: sub.id, menu_name: HAZMAT_CATALOG_FORM_NAME, level: 3, type: 2, sort: 2, app_id: catalogApp, quick_app: 0 });
    }
  };
  await lay({ template_id: template.id });
  await lay({ company_id: null });
  const tenants = await trx.selectFrom('sys_company').select('id').where('status', '=', '1').execute();
  for (const t of tenants) await lay({ company_id: t.id });
}

export async function seedMicroApps(trx: Trx): Promise<void> {
  await menus(trx);
  await demo(trx);
}
