import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../modules/apppackage/zip.ts';
import { readPackageFile } from '../../modules/apppackage/index.ts';
import { missedCheckpointTick } from '../../modules/inspection/index.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { appSourceDir, buildAppPackage } from '../build.ts';
import { phoneWorkbenchApps } from '../testSupport.ts';
import { DEMO_POINTS, checkpointEntryName, INSPECTION_DEMO_SEED_KEY, INSPECTION_PEOPLE, seedInspectionDemo, todaysRound } from './demo.ts';

/*
 * 巡检 (issue 41, ADR 0060) on a real PostgreSQL: the package builds from its JSON source the same
 * way twice and passes every check of 导入; the demo seed installs it into an installation that has
 * never had it (the test template skips that step); a checkpoint's code presets it on 巡检记录; a
 * 隐患 starts its 整改 at the inspector's supervisor; and the missed-checkpoint job sends one message
 * per missed checkpoint per round, once, even with two runners at the same time.
 */

let t: TestApp;
let admin: string;
let inspector: string;
let supervisor: string;
const forms: Record<string, string> = {};
const now = new Date();
const round = todaysRound(now);
const userId = async (username: string) => String((await t.sql.query(`select id from sys_user where username = $1`, [username])).rows[0].id);

beforeAll(async () => {
  t = await createTestApp();
  await t.sql.query(`delete from sys_seed_applied where key = $1`, [INSPECTION_DEMO_SEED_KEY]);
  await seedInspectionDemo(t.booted.ctx, now);
  const parts = await t.sql.query<{ code: string; local_id: string }>(
    `select p.code, p.local_id from app_package_part p join app_package a on a.id = p.package_id where a.code = 'inspection' and p.kind = 'form'`,
  );
  for (const p of parts.rows) forms[p.code] = String(p.local_id);
  [admin, inspector, supervisor] = await Promise.all([t.login(), t.login(INSPECTION_PEOPLE.inspector.username), t.login(INSPECTION_PEOPLE.supervisor.username)]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the package', () => {
  it('builds the same file from the same source, and 导入 reads it whole', async () => {
    const [a, b] = await Promise.all([buildAppPackage(appSourceDir('inspection')), buildAppPackage(appSourceDir('inspection'))]);
    expect(a.zip.equals(b.zip)).toBe(true);
    const read = readZip(a.zip);
    expect(read.ok && [...read.files.keys()].sort()).toEqual([
      'datasets/xj_hazards.json', 'datasets/xj_missed_points.json', 'datasets/xj_records.json',
      'dictionaries/xj_hazard_level.json', 'flows/xj_hazard.json',
      'forms/xj_hazard.json', 'forms/xj_missed.json', 'forms/xj_plan.json', 'forms/xj_point.json', 'forms/xj_record.json', 'forms/xj_route.json', 'manifest.json', 'microapps/xj_micro.json', 'reports/xj_dashboard.json',
    ]);
    const pkg = readPackageFile(a.zip);
    expect(pkg.manifest.app).toMatchObject({ code: 'inspection', name: '巡检', version: '1.1.0' });
    expect(pkg.forms.map((f) => f.formName)).toEqual(['巡检路线', '巡检点', '巡检计划', '巡检记录', '漏检记录', '隐患']);
  });

  it('installs into an empty installation: forms with tables, menus for the app roles, the flow, the dictionary', async () => {
    expect(Object.keys(forms).sort()).toEqual(['xj_hazard', 'xj_missed', 'xj_plan', 'xj_point', 'xj_record', 'xj_route']);
    for (const id of Object.values(forms)) expect((await t.sql.query(`select to_regclass($1) as t`, [`form_${id}`])).rows[0].t).not.toBeNull();
    expect((await t.sql.query(`select to_regclass($1) as t`, [`form_${forms.xj_record}__items`])).rows[0].t).not.toBeNull();
    const menus = await t.sql.query(`select m.name from sys_menu m join sys_menu g on g.id = m.parent_id where g.name = '巡检管理' and m.menu_type = 'menu' order by m.id`);
    expect(menus.rows.map((r) => r.name)).toEqual(['巡检路线', '巡检点', '巡检计划', '巡检记录', '漏检记录', '隐患', '巡检看板']);
    const flow = await t.sql.query(`select d.node_config from flow_model m join flow_definition d on d.id = m.definition_id where m.form_id = $1`, [forms.xj_hazard]);
    const tree = typeof flow.rows[0].node_config === 'string' ? JSON.parse(flow.rows[0].node_config) : flow.rows[0].node_config;
    expect(tree.childNode).toMatchObject({ nodeName: '隐患整改', timeLimitHours: 24, timeoutAction: 'escalate', recipient: { type: 2, leader: 1 } });
    expect((await t.sql.query(`select count(*)::int n from sys_dic_catalog c join sys_dic_type t on t.id = c.type_id where t.type_code = 'xj_hazard_level'`)).rows[0].n).toBe(3);
    // The demo's first day: one route, three checkpoints on it, today's plan.
    expect((await t.sql.query(`select count(*)::int n from form_${forms.xj_point} p join form_${forms.xj_route} r on r.id::text = p.route`)).rows[0].n).toBe(3);
    expect((await t.sql.query(`select start_time, end_time from form_${forms.xj_plan}`)).rows).toEqual([{ start_time: round.start_time, end_time: round.end_time }]);
  });

  it('the seed runs once: a second run changes nothing', async () => {
    const count = async () => (await t.sql.query(`select (select count(*) from form_conf) f, (select count(*) from form_${forms.xj_point}) p`)).rows[0];
    const before = await count();
    await seedInspectionDemo(t.booted.ctx, now);
    expect(await count()).toEqual(before);
  });
});

let codes: Array<{ name: string; token: string }> = [];

describe('scanning a checkpoint and reporting a hazard', () => {
  it('each checkpoint has a printable 新增 code on 巡检记录 that presets it, read-only', async () => {
    const res = await t.call(admin, 'GET', `/api/form/qrCodeEntries/${forms.xj_record}`);
    codes = res.json().data;
    expect(codes.map((c) => c.name)).toEqual(DEMO_POINTS.map(checkpointEntryName));
    const resolved = (await t.call(inspector, 'GET', `/api/qr/resolve/${codes[0]!.token}`)).json().data;
    expect(resolved).toMatchObject({ mode: 'add', presets: { point_code: 'CP-01', point_name: '1号储罐区' }, readOnly: ['point_code', 'point_name'] });
    // The inspector fills CP-01's round; a crafted checkpoint code does not land.
    const added = await t.call(inspector, 'POST', `/api/qr/add/${codes[0]!.token}`, {
      parent: { point_code: 'CP-03', inspect_time: `${round.plan_date} 09:10:00`, overall: '正常' },
      child: [{ subKey: 'items', subDatas: [{ item_name: '罐体无泄漏', item_result: '正常' }] }],
    });
    expect(added.json(), added.body).toMatchObject({ errCode: 0 });
    const row = (await t.sql.query(`select point_code, point_name from form_${forms.xj_record} where id = $1`, [added.json().businessId])).rows[0];
    expect(row).toEqual({ point_code: 'CP-01', point_name: '1号储罐区' });
    const items = await t.sql.query(`select item_name, item_result from form_${forms.xj_record}__items where parent_id = $1`, [String(added.json().businessId)]);
    expect(items.rows).toEqual([{ item_name: '罐体无泄漏', item_result: '正常' }]);
  });

  it('a reported 隐患 starts 隐患整改 at the inspector’s supervisor (直属主管), with its time limit', async () => {
    const company = (await t.sql.query(`select id, company_name from sys_company order by id limit 1`)).rows[0];
    const res = await t.call(inspector, 'POST', `/api/form/startformflow/${forms.xj_hazard}`, {
      point_code: 'CP-02', description: '静电接地线松脱', deadline: round.plan_date, company: String(company.id), company_label: company.company_name,
    });
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const todo = await t.call(supervisor, 'GET', '/api/user/waitdone/queryWaitDoneTask?pageNum=1&pageSize=10');
    expect(todo.json().datas).toEqual([expect.objectContaining({ title: '孙七提交的隐患', formName: '隐患', businessId: res.json().businessId })]);
    const task = await t.sql.query(`select node_name, assignee_id, due_time is not null as limited from flow_task where instance_id = $1`, [res.json().processInstanceId]);
    expect(task.rows).toEqual([{ node_name: '隐患整改', assignee_id: await userId(INSPECTION_PEOPLE.supervisor.username), limited: true }]);
  });
});

describe('漏检: a missed checkpoint of a planned round is one message to the supervisor', () => {
  const messages = async () => (await t.sql.query(`select title, content from msg_message where receiver_id = $1 and title like '漏检提醒%' order by id`, [await userId(INSPECTION_PEOPLE.supervisor.username)])).rows;

  it('nothing while the round is still on', async () => {
    expect(await missedCheckpointTick(t.booted.ctx.db, new Date(`${round.plan_date}T19:59:00+08:00`))).toEqual({ sent: 0 });
    expect(await messages()).toEqual([]);
  });

  it('after the round: CP-02 and CP-03 (CP-01 was walked), once with two runners, never again', async () => {
    const after = new Date(`${round.plan_date}T20:05:00+08:00`);
    const [a, b] = await Promise.all([missedCheckpointTick(t.booted.ctx.db, after), missedCheckpointTick(t.booted.ctx.db, after)]);
    expect(a.sent + b.sent).toBe(2);
    expect(await missedCheckpointTick(t.booted.ctx.db, new Date(after.getTime() + 300_000))).toEqual({ sent: 0 });
    const got = await messages();
    expect(got).toHaveLength(2);
    expect(got.map((m) => m.content).join('\n')).toMatch(/装卸站台（CP-02）[\s\S]*消防泵房（CP-03）|消防泵房（CP-03）[\s\S]*装卸站台（CP-02）/);
    expect(got[0].content).toContain('巡检人：孙七');
    // Each is also a 漏检记录, for the list and the dashboard.
    const kept = await t.sql.query(`select point_code, plan_date, inspector_name, supervisor_name from form_${forms.xj_missed} order by point_code`);
    expect(kept.rows).toEqual(['CP-02', 'CP-03'].map((point_code) => ({ point_code, plan_date: round.plan_date, inspector_name: '孙七', supervisor_name: '周八' })));
  });
});

describe('巡检看板 (the package’s datasets and dashboard)', () => {
  const ask = async (title: string) => {
    const report = (await t.sql.query(`select id, setting_meta from report_def where report_name = '巡检看板'`)).rows[0];
    const meta = typeof report.setting_meta === 'string' ? JSON.parse(report.setting_meta) : report.setting_meta;
    const widgets = meta.widgets as Array<{ id: unknown; style?: { mainTitle?: string } }>;
    const widgetId = String(widgets.find((w) => w.style?.mainTitle === title)?.id);
    return (await t.call(supervisor, 'POST', '/api/report/datareport/queryreportdata', { reportId: Number(report.id), widgetId, pageNum: 1, pageSize: 100, queryConditions: [] })).json();
  };
  // A dashboard's numbers may be up to stampMaxAgeMs old (the report engine's result cache): wait that out after a change.
  const settle = () => new Promise((r) => setTimeout(r, t.booted.ctx.config.report.stampMaxAgeMs + 100));
  const counts = (reply: { datas: Array<Record<string, unknown>> }) => reply.datas.map((d) => Object.values(d));

  it('the supervisor reads rounds done and missed and hazards by company from the dashboard', async () => {
    const done = await ask('已巡检点次');
    const missed = await ask('漏检点次');
    expect([done, missed], JSON.stringify([done, missed])).toMatchObject([{ errCode: 0 }, { errCode: 0 }]);
    expect(Object.values(done.datas[0])).toEqual([1]);
    expect(Object.values(missed.datas[0])).toEqual([2]);
    const byCompany = await ask('隐患（按企业）');
    expect(byCompany, JSON.stringify(byCompany)).toMatchObject({ errCode: 0 });
    expect(byCompany.datas).toHaveLength(1);
    const menu = await t.sql.query(`select g.name from sys_menu m join sys_menu g on g.id = m.parent_id where m.name = '巡检看板'`);
    expect(menu.rows).toEqual([{ name: '巡检管理' }]);
    // Installed by the package, not written beside it: 应用管理 lists the datasets and the dashboard as its parts.
    const parts = await t.sql.query(`select p.kind, p.code from app_package_part p join app_package a on a.id = p.package_id where a.code = 'inspection' and p.kind in ('dataset', 'report') order by p.kind, p.code`);
    expect(parts.rows.map((r) => `${r.kind}:${r.code}`)).toEqual(['dataset:xj_hazards', 'dataset:xj_missed_points', 'dataset:xj_records', 'report:xj_dashboard']);
  });

  it('hazards open and due by company until the rectification approval writes 整改情况', async () => {
    const company = (await t.sql.query(`select company_name from sys_company order by id limit 1`)).rows[0].company_name;
    // The hazard reported above is due today (整改期限 = today) and not rectified.
    expect(counts(await ask('未整改隐患（按企业）'))).toEqual([[company, 1]]);
    expect(counts(await ask('到期未整改隐患（按企业）'))).toEqual([[company, 1]]);
    // One due in a week is open but not yet due.
    const c = (await t.sql.query(`select id, company_name from sys_company order by id limit 1`)).rows[0];
    const later = await t.call(inspector, 'POST', `/api/form/startformflow/${forms.xj_hazard}`, {
      point_code: 'CP-03', description: '消防栓压力不足', deadline: new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10), company: String(c.id), company_label: c.company_name,
    });
    expect(later.json(), later.body).toMatchObject({ errCode: 0 });
    await settle();
    expect(counts(await ask('未整改隐患（按企业）'))).toEqual([[company, 2]]);
    expect(counts(await ask('到期未整改隐患（按企业）'))).toEqual([[company, 1]]);
    // The supervisor rectifies the first: 同意 with 整改情况 (the 整改 node's approveItems) ends its flow.
    const first = (await t.sql.query(`select t.id from flow_task t join flow_instance i on i.id = t.instance_id where i.form_id = $1 and t.status = 0 order by t.id limit 1`, [forms.xj_hazard])).rows[0].id;
    const agreed = await t.call(supervisor, 'POST', `/api/flow/approvetask/${first}`, { taskId: String(first), formId: forms.xj_hazard, rectify_note: '已重新紧固接地线' });
    expect(agreed.json(), agreed.body).toEqual({ errCode: 0 });
    await settle();
    expect(counts(await ask('未整改隐患（按企业）'))).toEqual([[company, 1]]);
    expect((await ask('到期未整改隐患（按企业）')).datas).toEqual([]);
  });
});

describe('the micro-app on the mobile workbench', () => {
  it('the package’s 巡检 micro-app, its functions on the package’s forms, is on the park’s workbench for the inspector’s phone', async () => {
    const placed = (await phoneWorkbenchApps(t, inspector)).find((p) => p.app.appName === '巡检')!;
    expect(placed.trail).toEqual(['安全管理', '园区应用']);
    expect(placed.app).toMatchObject({ iconName: 'anquanpinggu', iconBgColor: '#67C23A' });
    // The phone gets 全部 and 移动端 functions: 巡检点二维码 is a PC page.
    expect(placed.app.functions.map((f) => [f.funName, f.type, String(f.formId)])).toEqual([
      ['巡检记录（扫码）', 0, forms.xj_record], ['隐患', 1, forms.xj_hazard], ['巡检计划', 0, forms.xj_plan],
      ['巡检路线', 0, forms.xj_route], ['巡检点', 0, forms.xj_point], ['漏检记录', 0, forms.xj_missed],
    ]);
  });
});

describe('专项服务 › 巡检点二维码', () => {
  it('the supervisor gets the checkpoints’ codes and their sheet; the inspector, without the page, is refused', async () => {
    const codes = await t.call(supervisor, 'GET', '/api/inspection/checkpointCodes');
    expect(codes.json().data.codes.map((c: { name: string }) => c.name)).toEqual(DEMO_POINTS.map(checkpointEntryName));
    const sheet = await t.call(supervisor, 'GET', '/api/inspection/checkpointSheet');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call(inspector, 'GET', '/api/inspection/checkpointCodes')).statusCode).toBe(403);
  });
});
