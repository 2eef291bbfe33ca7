import type { Kysely, Transaction } from 'kysely';
import { parkClock, SPECIAL_PAGES, SPECIAL_SERVICES_MENU } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { installedFormIds, installPackageFile, PackageRefused } from '../../modules/apppackage/index.ts';
import { formTable } from '../../modules/form/index.ts';
import { INSPECTION_APP } from '../../modules/inspection/index.ts';
import { saveParkQrCodeConf } from '../../modules/qrCode/index.ts';
import { appSourceDir, buildAppPackage } from '../build.ts';
import { placeOnParkWorkbench } from '../workbench.ts';
import { upgradeShippedApp } from '../upgrade.ts';

/*
 * The demo's 巡检 (issue 41): its people and roles, the package installed through 应用管理's own
 * install (installPackageFile), then what a park administrator would enter on the first day — a
 * route of three checkpoints, today's plan, and on 巡检记录 one 新增 QR entry per checkpoint whose
 * code presets that checkpoint (read-only), printable from 二维码设置. The 巡检看板 dashboard is
 * the package's own (datasets/, reports/).
 */

export const INSPECTION_DEMO_SEED_KEY = 'app-inspection-demo-v1';

/** The demo people: 孙七 walks the round, 周八 leads 巡检班组 (so 整改 reaches him as 直属主管) and gets 漏检. */
export const INSPECTION_PEOPLE = {
  inspector: { username: 'xj_sunqi', realName: '孙七', role: 'xj_inspector' },
  supervisor: { username: 'xj_zhouba', realName: '周八', role: 'xj_supervisor' },
} as const;

const ROLES = [
  { code: 'xj_inspector', name: '巡检员', remark: '扫码填写巡检记录、上报隐患' },
  { code: 'xj_supervisor', name: '巡检主管', remark: '管理路线、巡检点与计划，处理隐患整改与漏检' },
];
const TEAM_ORG = '巡检班组';
/** The menus everyone signed in uses (待办, 消息): the roles of the app get them with its own menus. */
const WORKBENCH_PATHS = ['/home', '/workbench', '/waitDoneTask/WaitDoneTask', '/msg/MsgList'];

export const DEMO_ROUTE = { route_name: '东区罐区日常巡检', route_code: 'R-01' };
export const DEMO_POINTS = [
  { point_code: 'CP-01', point_name: '1号储罐区', location: '东区罐区北侧', check_items: '罐体无泄漏\n压力表读数正常\n防火堤完好' },
  { point_code: 'CP-02', point_name: '装卸站台', location: '东区装卸区', check_items: '静电接地完好\n消防器材齐全' },
  { point_code: 'CP-03', point_name: '消防泵房', location: '东区综合楼西侧', check_items: '消防泵运行正常\n阀门状态正确' },
] as const;

/** The QR entry's name for a checkpoint: what the printed label and the phone's title show. */
export const checkpointEntryName = (p: { point_code: string; point_name: string }) => `${p.point_code} ${p.point_name}`;

async function seedPeople(trx: Transaction<Database>): Promise<{ adminId: string; ids: Record<keyof typeof INSPECTION_PEOPLE, { id: string; name: string }> } | null> {
  const admin = await trx.selectFrom('sys_user').select(['id', 'password_hash']).where('username', '=', 'admin').executeTakeFirst();
  const root = await trx.selectFrom('sys_org').select('id').where('parent_id', 'is', null).where('company_id', 'is', null).orderBy('id').executeTakeFirst();
  if (!admin || !root) return null;
  for (const r of ROLES) {
    const had = await trx.selectFrom('sys_role').select('id').where('role_code', '=', r.code).where('company_id', 'is', null).executeTakeFirst();
    const roleId = had?.id ?? (await trx.insertInto('sys_role').values({ role_name: r.name, role_code: r.code, remark: r.remark }).returning('id').executeTakeFirstOrThrow()).id;
    // The supervisor also hangs up the checkpoints' codes (专项服务 › 巡检点二维码, seeded at start).
    const paths = r.code === 'xj_supervisor' ? [...WORKBENCH_PATHS, SPECIAL_SERVICES_MENU.path, SPECIAL_PAGES.InspectionCodes!.path] : WORKBENCH_PATHS;
    const menus = await trx.selectFrom('sys_menu').select('id').where('company_id', 'is', null).where('path', 'in', paths).execute();
    for (const m of menus) await trx.insertInto('sys_role_menu').values({ role_id: roleId, menu_id: m.id }).onConflict((oc) => oc.doNothing()).execute();
  }
  const team =
    (await trx.selectFrom('sys_org').select('id').where('org_name', '=', TEAM_ORG).where('company_id', 'is', null).executeTakeFirst())?.id ??
    (await trx.insertInto('sys_org').values({ org_name: TEAM_ORG, parent_id: root.id, order_index: 99 }).returning('id').executeTakeFirstOrThrow()).id;
  const ids = {} as Record<keyof typeof INSPECTION_PEOPLE, { id: string; name: string }>;
  for (const [key, p] of Object.entries(INSPECTION_PEOPLE) as Array<[keyof typeof INSPECTION_PEOPLE, (typeof INSPECTION_PEOPLE)[keyof typeof INSPECTION_PEOPLE]]>) {
    const had = await trx.selectFrom('sys_user').select('id').where('username', '=', p.username).executeTakeFirst();
    // The demo people's password is the administrator's, as the demo approval's people (seeds/approval.ts).
    const id = had?.id ?? (await trx.insertInto('sys_user').values({ username: p.username, password_hash: admin.password_hash, real_name: p.realName, sex: '0', user_type: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    await trx.insertInto('sys_user_org').values({ user_id: id, org_id: team }).onConflict((oc) => oc.doNothing()).execute();
    const role = await trx.selectFrom('sys_role').select('id').where('role_code', '=', p.role).where('company_id', 'is', null).executeTakeFirstOrThrow();
    await trx.insertInto('sys_user_role').values({ user_id: id, role_id: role.id }).onConflict((oc) => oc.doNothing()).execute();
    ids[key] = { id, name: p.realName };
  }
  await trx.updateTable('sys_org').set({ leader_id: ids.supervisor.id }).where('id', '=', team).execute();
  return { adminId: admin.id, ids };
}

/** Installs the package unless this installation has it (another instance may install it at the same time). */
async function install(ctx: AppContext, adminId: string): Promise<void> {
  if ((await installedFormIds(ctx.db, INSPECTION_APP.code)).size > 0) return;
  const pkg = buildAppPackage(appSourceDir('inspection'));
  try {
    await installPackageFile(ctx, pkg.zip, adminId);
  } catch (err) {
    // The other instance won the advisory lock and installed it: this one's preview refuses the equal version.
    if (!(err instanceof PackageRefused) || (await installedFormIds(ctx.db, INSPECTION_APP.code)).size === 0) throw err;
  }
}

const insertRow = async (trx: Kysely<Database>, formId: string, adminId: string, values: Record<string, string | null>) =>
  String((await trx.insertInto(formTable(formId) as 'form_conf').values({ ...values, create_by: adminId, update_by: adminId } as never).returning('id').executeTakeFirstOrThrow()).id);

/** Today's round in the park's time: 白班 08:00–20:00. */
export function todaysRound(now: Date): { plan_date: string; start_time: string; end_time: string } {
  const day = parkClock(now).day;
  return { plan_date: day, start_time: `${day} 08:00:00`, end_time: `${day} 20:00:00` };
}

/** The demo people, the package, and the first day's route, plan and checkpoint codes; once per installation. */
export async function seedInspectionDemo(ctx: AppContext, now = new Date()): Promise<void> {
  const applied = await ctx.db.selectFrom('sys_seed_applied').select('key').where('key', '=', INSPECTION_DEMO_SEED_KEY).executeTakeFirst();
  if (applied) {
    // A demo that has an older version gets this one (its data kept), as an administrator's import would.
    const pkg = buildAppPackage(appSourceDir('inspection'));
    await upgradeShippedApp(ctx, { zip: pkg.zip, code: INSPECTION_APP.code, version: pkg.manifest.app.version });
    return;
  }
  const people = await ctx.db.transaction().execute(seedPeople);
  if (!people) return;
  await install(ctx, people.adminId);
  const forms = await installedFormIds(ctx.db, INSPECTION_APP.code);
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sys_seed_applied').values({ key: INSPECTION_DEMO_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    if (!claimed) return;
    const { adminId, ids } = people;
    const route = await insertRow(trx, forms.get('xj_route')!, adminId, { ...DEMO_ROUTE, point_count: String(DEMO_POINTS.length), remark: '每班一次，按编号顺序巡检' });
    const routeRef = { route, route_label: DEMO_ROUTE.route_name };
    for (const [i, p] of DEMO_POINTS.entries()) await insertRow(trx, forms.get('xj_point')!, adminId, { ...p, ...routeRef, order_no: String(i + 1) });
    await insertRow(trx, forms.get(INSPECTION_APP.plan)!, adminId, {
      plan_name: `${DEMO_ROUTE.route_name}（白班）`, ...routeRef, shift: '白班', ...todaysRound(now),
      inspector: ids.inspector.id, inspector_label: ids.inspector.name, supervisor: ids.supervisor.id, supervisor_label: ids.supervisor.name,
    });
    const recordForm = forms.get(INSPECTION_APP.record)!;
    const preset = (key: string, name: string, value: string) => ({ key, name, preset: true, readOnly: true, value });
    await saveParkQrCodeConf(ctx, trx, {
      formId: Number(recordForm),
      add: DEMO_POINTS.map((p) => ({
        name: checkpointEntryName(p), isShow: true,
        content: { parent: [preset('point_code', '巡检点编号', p.point_code), preset('point_name', '巡检点名称', p.point_name)], childs: [] },
      })),
      query: [],
      edit: [],
    });
  });
  await placeOnParkWorkbench(ctx, INSPECTION_APP.code);
}
