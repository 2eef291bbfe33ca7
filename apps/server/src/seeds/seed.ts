import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { generatePassword, hashPassword } from '../modules/auth/index.ts';
import { SUPER_ROLE_CODE } from '../modules/user/worker.ts';
import { BOOK_PERMS } from '@park/core';
import { seedDemoCompanies, seedDictionaries, seedRegions } from './lookup.ts';
import { seedDemoForms, seedDemoListPages } from './demoForms.ts';
import { seedFormListPermissions } from './formPermissions.ts';
import { seedDemoAutomation } from './automation.ts';
import { seedAutomationDesignerMenu } from './automationDesigner.ts';
import { seedDemoApproval } from './approval.ts';
import { seedDemoRoles } from './demoRoles.ts';
import { seedTenantFormsMenu } from './tenantForms.ts';
import { seedApprovedTenants, seedTenantManageMenu } from './tenantManage.ts';
import { markTenantVisibleMenus, seedDemoTenant, seedTenantViewMenus } from './tenantViews.ts';
import { seedMicroApps } from './microApps.ts';
import { seedNotices } from './notices.ts';
import { seedDocMenus } from './docs.ts';
import { seedAutoReportMenu } from './autoReports.ts';
import { BACKUP_MENU } from './operations.ts';
import { correctWelcomeMessage, seedWelcomeMessage } from './welcome.ts';
import { dropParkDataMenu, PARK_CONSOLE_MENUS } from './parkConsole.ts';
import { seedDemoDashboard, seedReportManageMenu } from './reports.ts';
import { syncSpecialPages } from './specialServices.ts';

/** The seed step of the demo approval and its people (server tests leave it out; see test/globalSetup.ts). */
export const DEMO_APPROVAL_SEED_KEY = 'demo-approval-v1';
/**
 * Every company approved before tenants existed becomes one (issue 36). Server tests leave it out:
 * it gives the demo companies roles and organisations that the park's lists would count until the
 * tenant scope of 系统管理 (t2) keeps them apart; tenant.test.ts runs the step itself.
 */
export const TENANTS_APPROVED_SEED_KEY = 'tenants-approved-v1';
/** The demo tenant and its 主管理员 tenant_demo (issue 36; server tests leave it out with the demo people). */
export const DEMO_TENANT_SEED_KEY = 'demo-tenant-v1';
/** The seed step giving those people the roles of their story (issue 42; left out with them). */
export const DEMO_ROLES_SEED_KEY = 'demo-people-roles-v1';

export interface SeedResult {
  /** Set when the administrator was created with a generated password: print it once. */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
  applied: string[];
}

interface MenuSeed {
  name: string;
  path: string;
  component?: string;
  iconName?: string;
  /** Role codes (besides the super role, which sees everything) that get this menu. */
  roles: string[];
  /** Permission codes the menu grants (comma-separated), checked by routes' `config.permission`. */
  perms?: string;
  children?: MenuSeed[];
}

/**
 * Menus for the screens that exist. Later features append their own seed step with their menus,
 * so a fresh install and an upgraded one end up with the same menus.
 */
const FOUNDATION_MENUS: MenuSeed[] = [
  { name: '首页', path: '/home', component: 'Home', iconName: 'home', roles: ['park_admin', 'company_user'] },
  {
    name: '工作台',
    path: '/workbench',
    iconName: 'desktop',
    roles: ['park_admin', 'company_user'],
    children: [
      { name: '待办事项', path: '/waitDoneTask/WaitDoneTask', component: 'WaitDoneTask', iconName: 'todo', roles: ['park_admin', 'company_user'] },
      { name: '消息中心', path: '/msg/MsgList', component: 'MsgList', iconName: 'message', roles: ['park_admin', 'company_user'] },
      { name: '表单任务', path: '/formTask/ExecutingFormTask', component: 'ExecutingFormTask', iconName: 'task', roles: ['park_admin', 'company_user'] },
    ],
  },
];

const ORG_TREE = {
  name: '园区管委会',
  children: ['安全监管科', '应急管理办', '环境保护科', '经济发展局', '规划建设局', '综合办公室'],
};

/**
 * 系统管理 (issue 5): one screen per menu, each granting its permission code. The park
 * administrator runs users, organisations, dictionaries and the log; roles, menus, modules and
 * security settings stay with the system administrator (super role), since whoever holds them
 * can grant themselves anything.
 */
const SYSTEM_MENUS: MenuSeed[] = [
  {
    name: '系统管理',
    path: '/system',
    iconName: 'xitongguanli',
    roles: ['park_admin'],
    children: [
      { name: '用户管理', path: '/system/user', component: 'UserManage', iconName: 'yonghuguanli', perms: 'system:user', roles: ['park_admin'] },
      { name: '组织机构', path: '/system/org', component: 'OrgManage', iconName: 'zuzhijiagoujiekou', perms: 'system:org', roles: ['park_admin'] },
      { name: '角色管理', path: '/system/role', component: 'RoleManage', iconName: 'jiaoseguanli', perms: 'system:role', roles: [] },
      { name: '菜单管理', path: '/system/menu', component: 'MenuManage', iconName: 'liebiaoshitucaidan', perms: 'system:menu', roles: [] },
      { name: '数据字典', path: '/system/dict', component: 'DictManage', iconName: 'shujuzidianguanli', perms: 'system:dict', roles: ['park_admin'] },
      { name: '系统模块', path: '/system/sys', component: 'SysManage', iconName: 'yingyongguanli', perms: 'system:sys', roles: [] },
      { name: '操作日志', path: '/system/log', component: 'OptLog', iconName: 'rizhiguanli', perms: 'system:log', roles: ['park_admin'] },
      { name: '安全设置', path: '/system/settings', component: 'SecuritySettings', iconName: 'anquan', perms: 'system:settings', roles: [] },
      { name: '修改密码', path: '/system/password', component: 'ChangePassword', iconName: 'quanxianyuechi', roles: ['park_admin'] },
    ],
  },
];

/**
 * 自动化 (issue 18). 执行记录 grants automation:execution (list, detail, retry); the parent grants
 * automation:flow (save, enable, delete, dry run) for the designer's screens to come.
 */
const AUTOMATION_MENUS: MenuSeed[] = [
  {
    name: '自动化',
    path: '/automation',
    iconName: 'zidonghua',
    perms: 'automation:flow',
    roles: ['park_admin'],
    children: [
      { name: '执行记录', path: '/automation/execution', component: 'AutomationExecution', iconName: 'rizhiguanli', perms: 'automation:execution', roles: ['park_admin'] },
    ],
  },
];

type Step = (trx: Transaction<Database>, result: SeedResult, adminPassword: string | null) => Promise<void>;

/** 报表设计 (issue 21): datasources and datasets, granted by report:design (the super role's unless granted). */
const REPORT_MENUS: MenuSeed[] = [
  {
    name: '报表设计',
    path: '/report',
    iconName: 'baobiao',
    roles: [],
    children: [
      { name: '数据源管理', path: '/report/datasource', component: 'DataSourceManage', iconName: 'shujuyuan', perms: 'report:design', roles: [] },
      { name: '数据集', path: '/report/dataset', component: 'DataSetManage', iconName: 'shujuji', perms: 'report:design', roles: [] },
    ],
  },
];

const STEPS: Array<[string, Step]> = [
  ['identity-v1', seedIdentity],
  ['menus-foundation', (trx) => seedMenus(trx, FOUNDATION_MENUS, null, 1)],
  ['welcome-message', seedWelcomeMessage],
  ['menus-system', async (trx) => seedMenus(trx, SYSTEM_MENUS, null, 1, await nextTopOrder(trx))],
  ['dictionaries-v1', seedDictionaries],
  ['regions-v1', seedRegions],
  ['demo-companies-v1', seedDemoCompanies],
  ['demo-forms-v1', seedDemoFormsWithMenus],
  ['menus-company', seedCompanyMenu],
  ['menus-form-manage', seedFormManageMenu],
  ['demo-list-pages-v1', seedDemoListPages],
  // Issue 15: form list menus get their form:N:* codes and buttons.
  ['form-list-permissions-v1', seedFormListPermissions],
  // Automation engine (issue 18): 自动化 › 执行记录, and one working automation on the demo forms.
  ['menus-automation', async (trx) => seedMenus(trx, AUTOMATION_MENUS, null, 1, await nextTopOrder(trx))],
  ['demo-automation-v1', seedDemoAutomation],
  ['menus-report', async (trx) => seedMenus(trx, REPORT_MENUS, null, 1, await nextTopOrder(trx))],
  ['menus-park', seedParkMenus],
  ['menus-backup', (trx) => seedUnderSystem(trx, BACKUP_MENU)], // issue 28
  ['menus-video', seedVideoMenu],
  ['welcome-message-v2', correctWelcomeMessage],
  // 园区监管 (issue 24): the park console's screens; they replace the hidden 园区运营数据 menu.
  ['menus-park-console', async (trx) => {
    await seedMenus(trx, PARK_CONSOLE_MENUS, null, 1, await nextTopOrder(trx));
    await dropParkDataMenu(trx);
  }],
  ['menus-automation-designer', seedAutomationDesignerMenu], // issue 19
  // 报表管理 and the demo park dashboard (issue 22)
  ['menus-report-manage', seedReportManageMenu],
  ['demo-dashboard-v1', seedDemoDashboard],
  // Approvals (issue 20): demo people and a two-level approval on 危化品车辆入园登记.
  [DEMO_APPROVAL_SEED_KEY, seedDemoApproval],
  ['menus-holiday', (trx) => seedUnderSystem(trx, { name: '节假日', path: '/system/holiday', component: 'HolidayManage', iconName: 'rizhiguanli', perms: 'system:holiday', roles: [] })],
  // Issue 42: 张三 files, 李四 and 王五 approve, 赵六 reads the copy, each with only those menus.
  [DEMO_ROLES_SEED_KEY, seedDemoRoles],
  ['menus-tenant-forms', seedTenantFormsMenu], // issue 36: 租户管理 › 表单分配
  ['menus-tenant-manage', seedTenantManageMenu], // issue 36: 租户管理 › 租户信息
  // Issue 36 (ADR 0042): what tenants' roles may grant, the park's 租户管理 views, a demo tenant.
  ['menus-tenant-visible', markTenantVisibleMenus],
  ['menus-tenant-views', seedTenantViewMenus],
  // After menus-tenant-visible: the approved companies' 主管理员 roles grant those menus.
  [TENANTS_APPROVED_SEED_KEY, seedApprovedTenants], // issue 36: every approved company is a tenant
  [DEMO_TENANT_SEED_KEY, seedDemoTenant],
  ['micro-apps-v1', seedMicroApps], // issue 37: 微应用 menus, demo functions, app, template, workbenches
  // Issue 40 (ADR 0047): 系统管理 › 数据同步, beside 系统模块 (子系统), granted by the same system:sys.
  ['menus-data-sync', (trx) => seedUnderSystem(trx, { name: '数据同步', path: '/system/dataSyn', component: 'DataSyn', iconName: 'yingyongguanli', perms: 'system:sys', roles: [] })],
  ['menus-data-controls', (trx) => seedUnderSystem(trx, { name: '高级控件数据源', path: '/system/dataControls', component: 'DataControls', iconName: 'shujuyuan', perms: 'system:dataControls', roles: [] })],
  ['menus-theme', (trx) => seedUnderSystem(trx, { name: '主题', path: '/system/theme', component: 'Theme', iconName: 'yingyongguanli', perms: 'system:theme', roles: [] })],
  // Issue 41 (ADR 0054): 系统管理 › 应用管理, application packages (export, import, upgrade).
  ['menus-app-management', (trx) => seedUnderSystem(trx, { name: '应用管理', path: '/system/appManagement', component: 'AppManagement', iconName: 'yingyongguanli', perms: 'app:package', roles: ['park_admin'] })],
  // Issue 38 (ADR 0048): 信息发布 menus, NOTICE_TYPE, demo notices; 系统管理 › 短信设置.
  ['notices-v1', seedNotices],
  ['menus-sms-setting', (trx) => seedUnderSystem(trx, { name: '短信设置', path: '/system/smsSetting', component: 'SmsSetting', iconName: 'xiaoxi', perms: 'notice:sms', roles: [] })],
  ['menus-auto-report', seedAutoReportMenu], // issue 39 (ADR 0057): 报表设计 › 自动报表
  // Issue 38: 通讯录 for the park and every tenant's people (company_user); tenants' roles may grant it.
  ['menus-address-book', async (trx) => {
    await seedMenus(trx, BOOK_MENUS, null, 1, await nextTopOrder(trx));
    await trx.updateTable('sys_menu').set({ tenant_visible: true }).where('company_id', 'is', null).where('path', 'like', `${BOOK_MENU_PATH}%`).execute();
  }],
  // Issue 38 (ADR 0052): 文档管理 › 共享文件库, 企业文件库, 个人文件夹, 我的文件.
  ['menus-doc-libraries', seedDocMenus],
];

/** Applies every seed step not yet applied, each once and in its own transaction. */
export async function seed(db: Kysely<Database>, adminPassword: string | null): Promise<SeedResult> {
  const result: SeedResult = { generatedAdminPassword: null, adminCreated: false, applied: [] };
  for (const [key, step] of STEPS) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('sys_seed_applied')
        .values({ key })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return;
      await step(trx, result, adminPassword);
      result.applied.push(key);
    });
  }
  // 专项服务 (issue 40): not a once-only step, the registry grows; it adds only what is missing.
  await db.transaction().execute((trx) => syncSpecialPages(trx));
  return result;
}

async function seedIdentity(trx: Transaction<Database>, result: SeedResult, adminPassword: string | null) {
  const root = await trx
    .insertInto('sys_org')
    .values({ org_name: ORG_TREE.name, org_code: 'GWH', order_index: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  let order = 0;
  for (const name of ORG_TREE.children) {
    await trx.insertInto('sys_org').values({ org_name: name, parent_id: root.id, order_index: order++ }).execute();
  }

  const roles = await trx
    .insertInto('sys_role')
    .values([
      { role_name: '系统管理员', role_code: SUPER_ROLE_CODE, remark: '拥有平台全部菜单与管理权限' },
      { role_name: '园区管理员', role_code: 'park_admin', remark: '园区管委会业务管理人员' },
      { role_name: '企业用户', role_code: 'company_user', remark: '园区入驻企业的用户' },
    ])
    .returning(['id', 'role_code'])
    .execute();
  const superRole = roles.find((r) => r.role_code === SUPER_ROLE_CODE)!;

  const password = adminPassword ?? generatePassword();
  if (!adminPassword) result.generatedAdminPassword = password;
  const admin = await trx
    .insertInto('sys_user')
    .values({
      username: 'admin',
      password_hash: await hashPassword(password),
      real_name: '系统管理员',
      sex: '0',
      user_type: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  result.adminCreated = true;
  await trx.insertInto('sys_user_role').values({ user_id: admin.id, role_id: superRole.id }).execute();
  await trx.insertInto('sys_user_org').values({ user_id: admin.id, org_id: root.id }).execute();

  await trx
    .insertInto('sys_module')
    .values([
      // Status 0 modules are offered in the top bar's 业务模块 list; status 1 ones are not.
      { sys_name: '园区安全生产监管', sys_url: '/closed-park-web/home?v_s=third', status: 0, order_index: 0 },
      { sys_name: '应急指挥调度', sys_url: '/closed-park-web/home?module=emergency', status: 1, order_index: 1 },
    ])
    .execute();
}

/** After the top-level menus already there, so a later step's menus come last in the top bar. */
async function nextTopOrder(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_index').as('m'))
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  return row?.m == null ? 0 : Number(row.m) + 1;
}

async function seedMenus(
  trx: Transaction<Database>,
  menus: MenuSeed[],
  parentId: string | null,
  level: number,
  firstOrder = 0,
): Promise<void> {
  const roleRows = await trx.selectFrom('sys_role').select(['id', 'role_code']).execute();
  const roleId = new Map(roleRows.map((r) => [r.role_code, r.id]));
  let order = firstOrder;
  for (const m of menus) {
    const row = await trx
      .insertInto('sys_menu')
      .values({
        parent_id: parentId,
        name: m.name,
        path: m.path,
        component: m.component ?? null,
        icon_name: m.iconName ?? null,
        level,
        order_index: order++,
        perms: m.perms ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const code of m.roles) {
      const rid = roleId.get(code);
      if (rid) await trx.insertInto('sys_role_menu').values({ role_id: rid, menu_id: row.id }).execute();
    }
    if (m.children) await seedMenus(trx, m.children, row.id, level + 1);
  }
}

const BOOK_MENU_PATH = '/book';
const BOOK_ROLES = ['park_admin', 'company_user'];
const BOOK_MENUS: MenuSeed[] = [
  {
    name: '通讯录', path: BOOK_MENU_PATH, iconName: 'contacts', roles: BOOK_ROLES,
    children: [
      { name: '内部联系人', path: '/book/inside', component: 'InsideContacts', iconName: 'yonghuguanli', perms: BOOK_PERMS.contacts, roles: BOOK_ROLES },
      { name: '部门', path: '/book/department', component: 'BookDepartment', iconName: 'bumenguanli', perms: BOOK_PERMS.orgs, roles: BOOK_ROLES },
      { name: '外部联系人', path: '/book/outside', component: 'OutsideContacts', iconName: 'contacts', roles: BOOK_ROLES },
    ],
  },
];

/** The demo park's forms (issue 7) under a 业务表单 menu; each opens as its list page (FormCustom). */
async function seedDemoFormsWithMenus(trx: Transaction<Database>) {
  const { catalogId, vehicleId } = await seedDemoForms(trx);
  const roles = ['park_admin', 'company_user'];
  await seedMenus(
    trx,
    [
      {
        name: '业务表单',
        path: '/business',
        iconName: 'biaodanzujian-biaoge',
        roles,
        children: [
          { name: '危化品车辆入园登记', path: `/form/list/${vehicleId}`, component: 'FormCustom', iconName: 'cheliangguanli', roles },
          { name: '危化品目录', path: `/form/list/${catalogId}`, component: 'FormCustom', iconName: 'biaodanzujian-biaoge', roles },
        ],
      },
    ],
    null,
    1,
    await nextTopOrder(trx),
  );
}

/** 企业管理 (issue 6): reviews registered companies and manages their users; granted to the park administrator. */
async function seedCompanyMenu(trx: Transaction<Database>) {
  await seedUnderSystem(trx, {
    name: '企业管理',
    path: '/system/company',
    component: 'CompanyManage',
    iconName: 'qiyeguanli1',
    perms: 'system:company',
    roles: ['park_admin'],
  });
}

/**
 * 表单管理 (issue 9): groups, create, rename, copy, delete and enable/disable of forms, and the way
 * into the designer. It grants form:design, which only the super role has unless granted.
 */
async function seedFormManageMenu(trx: Transaction<Database>) {
  await seedUnderSystem(trx, {
    name: '表单管理',
    path: '/system/form',
    component: 'FormManage',
    iconName: 'biaodanzujian-biaoge',
    perms: 'form:design',
    roles: [],
  });
}

/**
 * 视频监控 (issue 25): the video wall, a top-level menu granting video:view to the park administrator,
 * who may watch the simulated park's whole camera tree (group 001). Grants for a real DSS tree are set
 * per role through /api/video/groupRoles/save.
 */
async function seedVideoMenu(trx: Transaction<Database>) {
  await seedMenus(
    trx,
    [{ name: '视频监控', path: '/video/wall', component: 'VideoWall', iconName: 'shexiangtou', perms: 'video:view', roles: ['park_admin'] }],
    null,
    1,
    await nextTopOrder(trx),
  );
  const parkAdmin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', 'park_admin').executeTakeFirst();
  if (parkAdmin) await trx.insertInto('video_group_role').values({ group_id: '001', role_id: parkAdmin.id }).onConflict((oc) => oc.doNothing()).execute();
}

/** Appends a menu under 系统管理 when that menu exists, else at the top level. */
async function seedUnderSystem(trx: Transaction<Database>, menu: MenuSeed) {
  const system = await trx
    .selectFrom('sys_menu')
    .select(['id', 'level'])
    .where('parent_id', 'is', null)
    .where('path', '=', '/system')
    .executeTakeFirst();
  if (!system) {
    await seedMenus(trx, [menu], null, 1, await nextTopOrder(trx));
    return;
  }
  const last = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_index').as('m'))
    .where('parent_id', '=', system.id)
    .executeTakeFirst();
  await seedMenus(trx, [menu], system.id, system.level + 1, last?.m == null ? 0 : Number(last.m) + 1);
}

/**
 * Park operations (issue 23): 设备管理 under 系统管理 (device tokens), and a hidden menu that
 * grants the park console's calls (statistics, alarm disposal, device commands) to the park
 * administrator until the console's own menus (issue 24) carry these codes.
 */
async function seedParkMenus(trx: Transaction<Database>) {
  await seedUnderSystem(trx, {
    name: '设备管理',
    path: '/system/device',
    component: 'DeviceManage',
    iconName: 'shebeiguanli',
    perms: 'park:device',
    roles: ['park_admin'],
  });
  await seedMenus(
    trx,
    [{ name: '园区运营数据', path: '/park/data', iconName: 'tongji', perms: 'park:view,park:alarm,park:command', roles: ['park_admin'] }],
    null,
    1,
    await nextTopOrder(trx),
  );
  await trx.updateTable('sys_menu').set({ hidden: true }).where('path', '=', '/park/data').execute();
}
