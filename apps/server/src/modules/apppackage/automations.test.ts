import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import type { AutomationEngine } from '../automation/engine.ts';
import { addRecord, createForm, flow, runAll, testEngine } from '../automation/testSupport.ts';
import { entriesOf, exportZip, repack, upload } from './testSupport.ts';

/*
 * Issue 41 part 3 (ADR 0054): automations travel with the forms that trigger them. Export → import
 * into a fresh database gives the same automation on the target's ids and it runs there; an
 * upgrade changes it in place (a new version of the same flow); a hostile automation is refused
 * with nothing written; 卸载 deletes it — on a real PostgreSQL.
 */

type Json = Record<string, unknown>;
let source: TestApp;
let target: TestApp;
let srcAdmin: string;
let dstAdmin: string;
let engine: AutomationEngine;
let srcVehicle: number;
let srcLedger: number;
let srcFlowId: string;
let pkgV1: Buffer;
let srcMicroApp: string;

const control = (type: string, name: string, model: string): Json => ({ type, name, key: `${type}_${model}`, model, options: {}, rules: [] });
const vehicleMeta = { list: [control('input', '车牌号', 'plate_no'), control('input_number', '载重(吨)', 'load_ton')], config: {} };
const ledgerMeta = { list: [control('input', '车牌号', 'plate_no'), control('input', '来源', 'source')], config: {} };
const who = { person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] };
const roleIdOf = async (t: TestApp, code: string) => String((await t.sql.query(`select id from sys_role where role_code = $1 and company_id is null`, [code])).rows[0].id);

/** 载重 > limit: copy the plate into the ledger and tell the park administrators; otherwise tell one person (not packaged). */
async function heavyTruckFlow(t: TestApp, vehicle: number, ledger: number, limit: string, personId: number): Promise<Json> {
  const tree = flow(vehicle, 'insert', [
    { conf: { actionType: 'formTask', action: 'insert', formConf: { formId: ledger, formName: '包自动化台账', columns: [{ model: 'plate_no', type: '1', value: '${plate_no}' }, { model: 'source', type: '0', value: '自动化' }] } } },
    { conf: { actionType: 'msgTask', messageType: '0', title: '重车 ${plate_no}', content: '重车入园', menuUrl: '', recipient: { ...who, type: 0, role: [{ roleId: await roleIdOf(t, 'park_admin'), roleName: '园区管理员' }] } } },
  ], [{ model: 'load_ton', type: 'number', dataType: 'Number', matchType: '$gt', value: limit }]);
  const other = ((tree.childNode as Json).conditionNodes as Json[])[1]!;
  other.childNode = { nodeId: 'act-9', nodeName: '通知专员', type: 1, conf: { actionType: 'msgTask', messageType: '0', title: '轻车', content: '轻车入园', menuUrl: '', recipient: { ...who, type: 1, person: [{ id: personId, name: '源库专员', type: 1 }] } }, childNode: null };
  return tree;
}

async function saveAutomation(t: TestApp, admin: string, body: Json): Promise<string> {
  const saved = await t.call(admin, 'POST', '/api/automation/flow/save', body);
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  return String(saved.json().data?.id ?? saved.json().id);
}

/** Every row count an automation install could touch. */
async function fingerprint(t: TestApp): Promise<string> {
  const r = await t.sql.query(`select (select count(*) from form_conf) forms, (select count(*) from auto_flow) flows, (select count(*) from auto_flow_version) versions,
    (select count(*) from app_package) apps, (select count(*) from app_package_part) parts, (select count(*) from micro_app) micro_apps, (select count(*) from micro_function) functions`);
  return JSON.stringify(r.rows[0]);
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  [srcAdmin, dstAdmin] = await Promise.all([source.login(), target.login()]);
  srcVehicle = await createForm(source, srcAdmin, '包自动化车辆', vehicleMeta);
  srcLedger = await createForm(source, srcAdmin, '包自动化台账', ledgerMeta);
  const clerk = Number((await source.sql.query(`insert into sys_user (username, password_hash, real_name, user_type) select 'auto_clerk', password_hash, '源库专员', 0 from sys_user where username = 'admin' returning id`)).rows[0].id);
  srcFlowId = await saveAutomation(source, srcAdmin, { flowName: '重车登记', nodeConfig: await heavyTruckFlow(source, srcVehicle, srcLedger, '10', clerk) });
  // The micro-app the application appears as: a form function and a special page.
  srcMicroApp = String((await source.sql.query(`insert into micro_app (app_name, introduce, icon_name, icon_bg_color) values ('包微应用', '车辆登记', 'car', '#1677ff') returning id`)).rows[0].id);
  const fnForm = (await source.sql.query(`insert into micro_function (fun_name, type, show_type, form_id) values ('车辆登记', 0, 0, $1) returning id`, [srcVehicle])).rows[0].id;
  const fnPage = (await source.sql.query(`insert into micro_function (fun_name, type, show_type, menu_url, component) values ('巡检页面', 2, 2, '/special/inspection', 'InspectionPage') returning id`)).rows[0].id;
  await source.sql.query(`insert into micro_app_function (app_id, function_id, sort) values ($1, $2, 0), ($1, $3, 1)`, [srcMicroApp, fnForm, fnPage]);
  pkgV1 = await exportZip(source, srcAdmin, { code: 'autopkg', name: '自动化应用', version: '1.0.0', formIds: [srcVehicle, srcLedger], microAppId: srcMicroApp });
  engine = testEngine(target);
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('automations in a package', () => {
  it('export writes the automation with forms by code, roles by code, the person dropped with a note', () => {
    const entries = entriesOf(pkgV1);
    const manifest = entries.get('manifest.json')!;
    const codes = (manifest.parts as Json).automations as string[];
    expect(codes).toHaveLength(1);
    const a = entries.get(`automations/${codes[0]}.json`)!;
    expect(a).toMatchObject({ code: codes[0], flowName: '重车登记', status: 1 });
    const text = JSON.stringify(a.tree);
    expect(text).toMatch(/"destId":"@form:f[0-9a-f]{12}"/);
    expect(text).toMatch(/"formId":"@form:f[0-9a-f]{12}"/);
    expect(text).toContain('"roleId":"@role:park_admin"');
    expect(text).not.toContain('源库专员');
    expect((a.notes as string[]).join()).toContain('节点「通知专员」指定的人员（源库专员）不随应用包导出');
  });

  it('imports into an empty installation on its own ids, previewed as 新建 自动化, and runs there', async () => {
    const before = await fingerprint(target);
    const preview = await upload(target, dstAdmin, 'preview', pkgV1);
    expect(preview.json(), preview.body).toMatchObject({ errCode: 0, data: { reasons: [] } });
    expect(preview.json().data.parts.find((p: Json) => p.kind === 'automation')).toMatchObject({ label: '自动化', name: '重车登记', action: '新建' });
    expect(preview.json().data.notes.join()).toContain('自动化「重车登记」：节点「通知专员」导入后改为发起人的直属主管');
    expect(await fingerprint(target)).toBe(before);

    const done = await upload(target, dstAdmin, 'import', pkgV1);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    const ids = done.json().data.formIds as Record<string, string>;
    const forms = await target.sql.query<{ id: string; form_name: string }>(`select id, form_name from form_conf where form_name like '包自动化%'`);
    const vehicle = forms.rows.find((f) => f.form_name === '包自动化车辆')!.id;
    const ledger = forms.rows.find((f) => f.form_name === '包自动化台账')!.id;
    expect(Object.values(ids).sort()).toEqual([vehicle, ledger].sort());
    const flows = await target.sql.query<{ id: string; form_id: string; status: number; node_config: Json }>(
      `select f.id, f.form_id, f.status, v.node_config from auto_flow f join auto_flow_version v on v.id = f.version_id where f.flow_name = '重车登记' and not f.deleted`,
    );
    expect(flows.rows).toHaveLength(1);
    expect(flows.rows[0]).toMatchObject({ form_id: vehicle, status: 1 });
    const text = JSON.stringify(flows.rows[0]!.node_config);
    expect(text).toContain(`"formId":"${ledger}"`);
    expect(text).toContain(`"roleId":"${await roleIdOf(target, 'park_admin')}"`);
    expect(text).not.toContain('@form:');

    await addRecord(target, dstAdmin, Number(vehicle), { plate_no: '鄂A0001', load_ton: '20' });
    await runAll(target, engine);
    expect((await target.sql.query(`select plate_no, source from form_${ledger}`)).rows).toEqual([{ plate_no: '鄂A0001', source: '自动化' }]);
    // The message action ran on the target's role (whoever holds park_admin there).
    expect((await target.sql.query(`select s.status from auto_step s join auto_execution e on e.id = s.execution_id join auto_flow f on f.id = e.flow_id where f.flow_name = '重车登记' and s.node_name = '动作2'`)).rows).toEqual([{ status: 'success' }]);
  });

  it('an upgrade changes the automation in place (a new version of the same flow); an unchanged one is 不变', async () => {
    const flowBefore = (await target.sql.query(`select id, version from auto_flow where flow_name = '重车登记' and not deleted`)).rows[0];
    const clerk = Number((await source.sql.query(`select id from sys_user where username = 'auto_clerk'`)).rows[0].id);
    await saveAutomation(source, srcAdmin, { id: srcFlowId, flowName: '重车登记', nodeConfig: await heavyTruckFlow(source, srcVehicle, srcLedger, '30', clerk) });
    const v2 = await exportZip(source, srcAdmin, { code: 'autopkg', name: '自动化应用', version: '1.1.0', formIds: [srcVehicle, srcLedger], microAppId: srcMicroApp });
    const preview = await upload(target, dstAdmin, 'preview', v2);
    expect(preview.json().data.parts.find((p: Json) => p.kind === 'automation')).toMatchObject({ action: '更新' });
    expect((await upload(target, dstAdmin, 'import', v2)).json()).toMatchObject({ errCode: 0 });
    const after = (await target.sql.query(`select f.id, f.version, v.node_config from auto_flow f join auto_flow_version v on v.id = f.version_id where f.flow_name = '重车登记' and not f.deleted`)).rows;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: flowBefore.id, version: flowBefore.version + 1 });
    expect(JSON.stringify(after[0].node_config)).toContain('"value":"30"');

    const v3 = await exportZip(source, srcAdmin, { code: 'autopkg', name: '自动化应用', version: '1.2.0', formIds: [srcVehicle, srcLedger], microAppId: srcMicroApp });
    expect((await upload(target, dstAdmin, 'preview', v3)).json().data.parts.find((p: Json) => p.kind === 'automation')).toMatchObject({ action: '不变' });
  });
});

describe('the micro-app in a package', () => {
  it('export writes it with its functions in order, forms by code, no icon file', () => {
    const entries = entriesOf(pkgV1);
    const codes = (entries.get('manifest.json')!.parts as Json).microapps as string[];
    expect(codes).toHaveLength(1);
    const m = entries.get(`microapps/${codes[0]}.json`)!;
    expect(m).toMatchObject({ appName: '包微应用', iconName: 'car', iconBgColor: '#1677ff' });
    expect((m.functions as Json[]).map((f) => [f.funName, f.type, f.menuUrl])).toEqual([['车辆登记', 0, null], ['巡检页面', 2, '/special/inspection']]);
    expect(String((m.functions as Json[])[0]!.form)).toMatch(/^@form:f[0-9a-f]{12}$/);
  });

  it('was installed as one micro-app on the target\'s form, upgraded in place', async () => {
    const app = (await target.sql.query(`select id from micro_app where app_name = '包微应用'`)).rows;
    expect(app).toHaveLength(1);
    const vehicle = (await target.sql.query(`select id from form_conf where form_name = '包自动化车辆'`)).rows[0].id;
    const fns = (await target.sql.query(`select f.fun_name, f.type, f.form_id, f.menu_url from micro_app_function l join micro_function f on f.id = l.function_id where l.app_id = $1 order by l.sort`, [app[0].id])).rows;
    expect(fns).toEqual([
      { fun_name: '车辆登记', type: 0, form_id: vehicle, menu_url: null },
      { fun_name: '巡检页面', type: 2, form_id: null, menu_url: '/special/inspection' },
    ]);
  });
});

describe('hostile automations are refused whole, nothing written', () => {
  const editAutomation = (edit: (tree: Json, a: Json) => void) => (files: Map<string, string>) => {
    for (const [name, text] of files) {
      if (!name.startsWith('automations/')) continue;
      const a = JSON.parse(text);
      edit(a.tree, a);
      files.set(name, JSON.stringify(a));
    }
  };
  const branch = (tree: Json, i: number) => ((tree.childNode as Json).conditionNodes as Json[])[i]!;
  const firstCond = (tree: Json) => ((((branch(tree, 0).conf as Json).condition as Json).fieldConds as Json).conditions as Json[])[0]!.conds as Json[];
  const formAction = (tree: Json) => (branch(tree, 0).childNode as Json).conf as Json;
  const message = (tree: Json) => ((branch(tree, 0).childNode as Json).childNode as Json).conf as Json;
  const cases: Array<[string, (tree: Json, a: Json) => void, string]> = [
    ['a form outside the package', (tree) => ((formAction(tree).formConf as Json).formId = '@form:fnotinpackage'), '自动化「重车登记」引用的表单「fnotinpackage」不在应用包中'],
    ['a form by id, not code', (tree) => ((tree.conf as Json).destId = '1'), '引用的表单「1」不在应用包中'],
    ['a condition that does not parse (unknown operator)', (tree) => (firstCond(tree)[0]!.matchType = 'eval('), '自动化「重车登记」：条件1'],
    ['a condition field outside the whitelist', (tree) => (firstCond(tree)[0]!.model = 'load_ton; drop table sys_user'), '条件字段'],
    ['a message naming a person by id', (tree) => ((message(tree).recipient as Json).person = [{ id: 1, name: 'admin', type: 1 }]), '人员或组织编号'],
    ['a message naming a role by id', (tree) => ((message(tree).recipient as Json).role = [{ roleId: '1' }]), '角色须以角色编码引用'],
    ['a message naming a role the target lacks', (tree) => ((message(tree).recipient as Json).role = [{ roleId: '@role:no_such_role' }]), '角色「no_such_role」在本系统中不存在'],
    ['an action without its form', (tree) => ((formAction(tree).formConf as Json).formId = ''), '动作1'],
    ['an action writing a field the form lacks', (tree) => (((formAction(tree).formConf as Json).columns as Json[])[0]!.model = 'nope'), '没有字段 nope'],
  ];
  for (const [what, edit, reason] of cases) {
    it(what, async () => {
      const fresh = repack(pkgV1, editAutomation(edit));
      const other = await createTestAppOnce();
      const before = await fingerprint(other.t);
      const res = await upload(other.t, other.admin, 'import', fresh);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().errMsg, res.body).toContain(reason);
      expect(await fingerprint(other.t)).toBe(before);
    }, 60_000);
  }
});

describe('hostile micro-apps are refused whole, nothing written', () => {
  const editMicro = (edit: (m: Json) => void) => (files: Map<string, string>) => {
    for (const [name, text] of files) {
      if (!name.startsWith('microapps/')) continue;
      const m = JSON.parse(text);
      edit(m);
      files.set(name, JSON.stringify(m));
    }
  };
  const cases: Array<[string, (m: Json) => void, string]> = [
    ['a function on a form outside the package', (m) => ((m.functions as Json[])[0]!.form = '@form:fnotinpackage'), '的表单「@form:fnotinpackage」不在应用包中'],
    ['a function on a form by id', (m) => ((m.functions as Json[])[0]!.form = '1'), '不在应用包中'],
    ['a special page address that is not a route', (m) => ((m.functions as Json[])[1]!.menuUrl = 'javascript:alert(1)'), '的地址「javascript:alert(1)」不合法'],
    ['a special page address climbing out', (m) => ((m.functions as Json[])[1]!.menuUrl = '/../../etc'), '不合法'],
  ];
  for (const [what, edit, reason] of cases) {
    it(what, async () => {
      const other = await createTestAppOnce();
      const before = await fingerprint(other.t);
      const res = await upload(other.t, other.admin, 'import', repack(pkgV1, editMicro(edit)));
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().errMsg, res.body).toContain(reason);
      expect(await fingerprint(other.t)).toBe(before);
    }, 60_000);
  }
});

describe('卸载', () => {
  it('deletes the application\'s automations and micro-app with its forms', async () => {
    const other = await createTestAppOnce();
    expect((await upload(other.t, other.admin, 'import', pkgV1)).json()).toMatchObject({ errCode: 0 });
    expect((await other.t.sql.query(`select count(*)::int n from auto_flow where flow_name = '重车登记' and not deleted`)).rows[0].n).toBe(1);
    const un = await other.t.call(other.admin, 'POST', '/api/apppackage/uninstall', { code: 'autopkg' });
    expect(un.json(), un.body).toMatchObject({ errCode: 0 });
    expect((await other.t.sql.query(`select count(*)::int n from auto_flow where flow_name = '重车登记' and not deleted`)).rows[0].n).toBe(0);
    expect((await other.t.sql.query(`select count(*)::int n from form_conf where form_name like '包自动化%'`)).rows[0].n).toBe(0);
    expect((await other.t.sql.query(`select (select count(*)::int from micro_app where app_name = '包微应用') apps, (select count(*)::int from micro_function where fun_name in ('车辆登记', '巡检页面')) fns`)).rows[0]).toEqual({ apps: 0, fns: 0 });
  }, 60_000);
});

/** A third, empty installation for the refusals and 卸载 (the target above holds the application). */
let third: { t: TestApp; admin: string } | null = null;
async function createTestAppOnce(): Promise<{ t: TestApp; admin: string }> {
  if (!third) {
    const t = await createTestApp();
    third = { t, admin: await t.login() };
  }
  return third;
}
afterAll(async () => {
  await third?.t.close();
});
