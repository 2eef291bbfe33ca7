import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { formPermission } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant } from '../../../test/t3Tenants.ts';
import { exportZip, repack, upload } from './testSupport.ts';
import { readZip } from './zip.ts';

/*
 * Issue 41 (应用管理): export from one installation and import into an empty one (a second fresh
 * database) gives the same forms, dictionaries and menus, and records work there; an upgrade adds
 * a field and keeps the rows; every hostile package is refused whole with nothing written — on a
 * real PostgreSQL.
 */

type Json = Record<string, unknown>;
let source: TestApp;
let target: TestApp;
let srcAdmin: string;
let dstAdmin: string;

const control = (type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json => ({ type, name, key: `${type}_${model}`, model, options, rules: [], ...extra });

async function parkForm(t: TestApp, admin: string, formName: string, list: Json[]): Promise<string> {
  const id = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName, formType: '0' })).json().formId as number;
  const saved = await t.call(admin, 'POST', '/api/form/saveformdesign', { formId: id, formMeta: { list, config: {} } });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  const group = await t.sql.query<{ id: string }>(`select id from sys_menu where path = '/business' and company_id is null`);
  await t.sql.query(`insert into sys_menu (parent_id, name, path, component, level, perms) values ($1, $2, $3, 'FormCustom', 2, $4)`, [
    group.rows[0]!.id,
    formName,
    `/form/list/${id}`,
    formPermission(id, 'view'),
  ]);
  return String(id);
}

/** Every row count a package could touch, to show a refusal wrote nothing. */
async function fingerprint(t: TestApp): Promise<string> {
  const r = await t.sql.query(`
    select (select count(*) from form_conf) forms, (select count(*) from sys_menu) menus, (select count(*) from sys_role_menu) grants,
           (select count(*) from sys_dic_type) dicts, (select count(*) from sys_dic_catalog) entries,
           (select count(*) from app_package) apps, (select count(*) from app_package_part) parts,
           (select count(*) from pg_tables where tablename like 'form\\_%') tables,
           (select coalesce(max(design_version), 0) from form_conf) versions,
           (select count(*) from flow_model) flows, (select count(*) from flow_definition) flow_versions`);
  return JSON.stringify(r.rows[0]);
}

let pkgV1: Buffer;
let firstInstance: string;
let carrierId: string;
let waybillId: string;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  [srcAdmin, dstAdmin] = await Promise.all([source.login(), target.login()]);
  await source.sql.query(`insert into sys_dic_type (type_code, type_name) values ('hz_goods_class', '危险货物类别')`);
  const type = await source.sql.query<{ id: string }>(`select id from sys_dic_type where type_code = 'hz_goods_class'`);
  await source.sql.query(`insert into sys_dic_catalog (type_id, code, name, order_index) values ($1, '3', '易燃液体', 1), ($1, '8', '腐蚀性物质', 2)`, [type.rows[0]!.id]);
  carrierId = await parkForm(source, srcAdmin, '包测试车队', [control('input', '车队名称', 'fleetName')]);
  waybillId = await parkForm(source, srcAdmin, '包测试运单', [
    control('input', '运单号', 'billNo'),
    control('number', '数量', 'amount'),
    control('number', '单价', 'price'),
    control('calculate_formula', '金额', 'total', { formula: { type: 'number', exp: ['${amount}', '*', '${price}'] } }),
    control('dic_select', '货物类别', 'goodsClass', {}, { typeCode: 'hz_goods_class', label_model: 'goodsClass_label' }),
    control('m_data_ref', '车队', 'fleet', { dsConf: { formId: carrierId, key: 'fleetName', mapping: {} } }),
  ]);
  // The waybill's menu is granted to the park administrator's role: the grant travels by role code.
  await source.sql.query(`insert into sys_role_menu (role_id, menu_id) select r.id, m.id from sys_role r, sys_menu m where r.role_code = 'park_admin' and r.company_id is null and m.path = $1`, [`/form/list/${waybillId}`]);
  srcClerk = String((await source.sql.query(`insert into sys_user (username, password_hash, real_name, user_type) select 'pkg_clerk', password_hash, '源库专员', 0 from sys_user where username = 'admin' returning id`)).rows[0].id);
  await deployFlow(source, srcAdmin, waybillId, waybillFlow('园区审批'));
  pkgV1 = await exportZip(source, srcAdmin, { code: 'hazmat', name: '危化品运输', version: '1.0.0', description: '测试', formIds: [waybillId] });
}, 120_000);

let srcClerk: string;
const roleIdOf = async (t: TestApp, code: string) => String((await t.sql.query(`select id from sys_role where role_code = $1 and company_id is null`, [code])).rows[0].id);
const nobody = { person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] };
const condition = (nodeId: string, priorityLevel: number, conds: Json[], childNode: Json | null): Json => ({
  nodeId, nodeName: `条件${priorityLevel}`, type: 3, priorityLevel, conf: { condition: { fieldConds: { condType: 'and', conditions: conds.length ? [{ condType: 'and', conds }] : [] }, fieldUpdateConds: [] } }, childNode,
});
/** 发起人 → 数量 > 10: the park administrators' role approves; otherwise one person of the source installation (not packaged). */
function waybillFlow(bigName: string): (t: TestApp) => Promise<Json> {
  return async (t) => ({
    nodeId: 'start', nodeName: '发起人', type: 0,
    childNode: {
      nodeId: 'route', nodeName: '路由', type: 4, childNode: null,
      conditionNodes: [
        condition('big', 1, [{ model: 'amount', type: 'number', dataType: 'Number', matchType: '$gt', value: '10' }],
          { nodeId: 'park', nodeName: bigName, type: 1, approveType: 0, approveItems: [], noApprover: 'admin', recipient: { ...nobody, type: 0, role: [{ roleId: await roleIdOf(t, 'park_admin'), roleName: '园区管理员' }] }, childNode: null }),
        condition('small', 2, [],
          { nodeId: 'one', nodeName: '专员审批', type: 1, approveType: 0, approveItems: [], noApprover: 'admin', recipient: { ...nobody, type: 1, person: [{ id: Number(srcClerk), name: '源库专员', type: 1 }] }, childNode: null }),
      ],
    },
  });
}

async function deployFlow(t: TestApp, admin: string, formId: string, tree: (t: TestApp) => Promise<Json>): Promise<void> {
  const modelId = (await t.call(admin, 'GET', `/api/flow/flowconf/createmodel?formId=${formId}&formName=x`)).json().modelId as number;
  const saved = await t.call(admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: await tree(t) });
  expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
  expect((await t.call(admin, 'GET', `/api/flow/deployprocessdef?modelId=${modelId}`)).json()).toMatchObject({ errCode: 0 });
}

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe('export → import into an empty installation', () => {
  it('the package holds the manifest, both forms (the dependency pulled) and the dictionary, with logical codes', () => {
    const read = readZip(pkgV1);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const manifest = JSON.parse(read.files.get('manifest.json')!);
    expect(manifest).toMatchObject({ format: 1, app: { code: 'hazmat', version: '1.0.0' }, parts: { dictionaries: ['hz_goods_class'] } });
    expect(manifest.parts.forms).toHaveLength(2);
    expect(manifest.parts.flows).toHaveLength(1);
    const flow = JSON.parse(read.files.get(`flows/${manifest.parts.flows[0]}.json`)!);
    // Roles travel by code, the one person is dropped (said in the notes) and that approver falls back to 直属主管.
    expect(JSON.stringify(flow.tree)).toContain('"roleId":"@role:park_admin"');
    expect(JSON.stringify(flow.tree)).not.toContain('源库专员');
    expect(JSON.stringify(flow.tree)).not.toContain(`"id":${srcClerk}`);
    expect(flow.notes.join()).toContain('节点「专员审批」指定的人员（源库专员）不随应用包导出');
    const text = [...read.files.values()].join('\n');
    expect(text).not.toContain(`"formId": "${carrierId}"`);
    expect(text).toContain('@form:');
  });

  it('previews 新建 for every part before anything is written, then installs with menus, and records work', async () => {
    const before = await fingerprint(target);
    const preview = await upload(target, dstAdmin, 'preview', pkgV1);
    expect(preview.json(), preview.body).toMatchObject({ errCode: 0, data: { code: 'hazmat', fromVersion: null, reasons: [] } });
    expect(preview.json().data.parts.map((p: Json) => `${p.kind}:${p.action}`)).toEqual(['form:新建', 'form:新建', 'dictionary:新建', 'flow:新建']);
    expect(preview.json().data.parts.find((p: Json) => p.kind === 'flow')).toMatchObject({ name: '包测试运单（审批流程）' });
    expect(preview.json().data.notes.join()).toContain('表单「包测试运单」的审批流程：节点「专员审批」导入后改为发起人的直属主管');
    expect(await fingerprint(target)).toBe(before);

    const t0 = Date.now();
    const done = await upload(target, dstAdmin, 'import', pkgV1);
    console.log(`import of a 2-form package: ${Date.now() - t0} ms`);
    expect(done.json(), done.body).toMatchObject({ errCode: 0, errMsg: '导入成功' });
    const forms = await target.sql.query<{ id: string; form_name: string; form_meta: Json }>(`select id, form_name, form_meta from form_conf where form_name like '包测试%' order by form_name`);
    expect(forms.rows.map((f) => f.form_name).sort()).toEqual(['包测试车队', '包测试运单']);
    const fleet = forms.rows.find((f) => f.form_name === '包测试车队')!;
    const bill = forms.rows.find((f) => f.form_name === '包测试运单')!;
    const quote = (bill.form_meta.list as Json[]).find((c) => c.model === 'fleet')!;
    expect((quote.options as Json).dsConf).toMatchObject({ formId: fleet.id });
    const menus = await target.sql.query(`select name from sys_menu where path = $1 and company_id is null`, [`/form/list/${bill.id}`]);
    expect(menus.rows).toEqual([{ name: '包测试运单' }]);
    const granted = await target.sql.query(`select r.role_code from sys_role_menu rm join sys_role r on r.id = rm.role_id join sys_menu m on m.id = rm.menu_id where m.path = $1`, [`/form/list/${bill.id}`]);
    expect(granted.rows).toEqual([{ role_code: 'park_admin' }]);
    const dict = await target.sql.query(`select c.name from sys_dic_catalog c join sys_dic_type t on t.id = c.type_id where t.type_code = 'hz_goods_class' order by c.order_index`);
    expect(dict.rows.map((r) => r.name)).toEqual(['易燃液体', '腐蚀性物质']);

    const added = await target.call(dstAdmin, 'POST', `/api/form/addformdata/${bill.id}`, { billNo: 'YD-001', amount: 3, price: 2, goodsClass: '3' });
    expect(added.json(), added.body).toMatchObject({ errCode: 0 });
    const list = await target.call(dstAdmin, 'POST', '/api/form/queryformdata', { formId: Number(bill.id), pageNum: 1, pageSize: 10 });
    expect(list.body).toContain('YD-001');
    const listed = await target.call(dstAdmin, 'GET', '/api/apppackage/list');
    expect(listed.json().data).toMatchObject([{ code: 'hazmat', name: '危化品运输', version: '1.0.0', installedIn: '园区' }]);

    // The flow came with it: a record submitted there starts it, and the target's park administrators get the task.
    const approverId = String((await target.sql.query(`insert into sys_user (username, password_hash, real_name, user_type) select 'pkg_approver', password_hash, '包审批人', 0 from sys_user where username = 'admin' returning id`)).rows[0].id);
    await target.sql.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [approverId, await roleIdOf(target, 'park_admin')]);
    const started = await target.call(dstAdmin, 'POST', `/api/form/startformflow/${bill.id}`, { billNo: 'YD-002', amount: 30, price: 1, goodsClass: '8' });
    expect(started.json(), started.body).toMatchObject({ errCode: 0 });
    firstInstance = String(started.json().processInstanceId);
    const tasks = await target.sql.query(`select node_name, assignee_id::text from flow_task where instance_id = $1 and status = 0`, [firstInstance]);
    expect(tasks.rows).toContainEqual({ node_name: '园区审批', assignee_id: approverId });
    const approver = await target.login('pkg_approver');
    const todo = await target.call(approver, 'GET', '/api/flow/self/todotaskcount');
    expect(todo.json().totalCount).toBeGreaterThanOrEqual(1);
    // The list menu, granted to park_admin by code, is in that role's menu tree there.
    expect((await target.call(approver, 'GET', '/api/user/listRouter')).body).toContain(`/form/list/${bill.id}`);
  });

  it('the same version again is refused with the reason, nothing written', async () => {
    const before = await fingerprint(target);
    const again = await upload(target, dstAdmin, 'import', pkgV1);
    expect(again.statusCode).toBe(400);
    expect(again.json().errMsg).toContain('不高于已安装版本');
    expect(await fingerprint(target)).toBe(before);
  });
});

describe('upgrade', () => {
  it('a newer version adds a field, previews it as 更新 with the field, and keeps the rows and their data', async () => {
    const design = (await source.sql.query<{ form_meta: { list: Json[] } }>(`select form_meta from form_conf where id = $1`, [waybillId])).rows[0]!.form_meta;
    const saved = await source.call(srcAdmin, 'POST', '/api/form/saveformdesign', { formId: Number(waybillId), formMeta: { ...design, list: [...design.list, control('input', '起运地', 'origin')] } });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    await deployFlow(source, srcAdmin, waybillId, waybillFlow('园区复核'));
    const v2 = await exportZip(source, srcAdmin, { code: 'hazmat', name: '危化品运输', version: '1.1.0', formIds: [waybillId] });
    const preview = (await upload(target, dstAdmin, 'preview', v2)).json();
    expect(preview.data.parts.find((p: Json) => p.kind === 'flow')).toMatchObject({ action: '更新' });
    expect(preview.data.fromVersion).toBe('1.0.0');
    const bill = preview.data.parts.find((p: Json) => p.name === '包测试运单');
    expect(bill).toMatchObject({ action: '更新', added: ['起运地'], changed: [] });
    expect(preview.data.parts.find((p: Json) => p.name === '包测试车队')).toMatchObject({ action: '不变' });

    const done = await upload(target, dstAdmin, 'import', v2);
    expect(done.json(), done.body).toMatchObject({ errCode: 0, errMsg: '已升级到 1.1.0' });
    const id = (await target.sql.query<{ id: string }>(`select id from form_conf where form_name = '包测试运单'`)).rows[0]!.id;
    const rows = await target.sql.query(`select "billNo", amount::text, origin from form_${id} order by id`);
    expect(rows.rows).toEqual([{ billNo: 'YD-001', amount: '3', origin: null }, { billNo: 'YD-002', amount: '30', origin: null }]);
    expect((await target.sql.query(`select count(*)::int n from form_conf where form_name like '包测试%'`)).rows[0]).toEqual({ n: 2 });

    // The newer flow is the active version; the running instance keeps the version it started on.
    const versions = await target.sql.query(`select d.version, d.id::text, m.definition_id::text active from flow_definition d join flow_model m on m.id = d.model_id where m.form_id = $1 order by d.version`, [id]);
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2]);
    expect(versions.rows[0].active).toBe(versions.rows[1].id);
    const running = await target.sql.query(`select definition_id::text from flow_instance where id = $1`, [firstInstance]);
    expect(running.rows[0].definition_id).toBe(versions.rows[0].id);
    const next = await target.call(dstAdmin, 'POST', `/api/form/startformflow/${id}`, { billNo: 'YD-003', amount: 50, price: 1 });
    expect(next.json(), next.body).toMatchObject({ errCode: 0 });
    const tasks = await target.sql.query(`select node_name from flow_task where instance_id = $1 and status = 0`, [next.json().processInstanceId]);
    expect(tasks.rows.map((r) => r.node_name)).toContain('园区复核');
  });

  it('an upgrade dropping a field that holds data is refused, the field named', async () => {
    const design = (await source.sql.query<{ form_meta: { list: Json[] } }>(`select form_meta from form_conf where id = $1`, [waybillId])).rows[0]!.form_meta;
    const zip = await exportZip(source, srcAdmin, { code: 'hazmat', name: '危化品运输', version: '1.2.0', formIds: [waybillId] });
    const dropped = repack(zip, (files) => {
      for (const [name, text] of files) {
        if (!name.startsWith('forms/')) continue;
        const f = JSON.parse(text);
        if (f.formName === '包测试运单') f.meta.list = f.meta.list.filter((c: Json) => c.model !== 'billNo');
        files.set(name, JSON.stringify(f));
      }
    });
    expect(design).toBeTruthy();
    const before = await fingerprint(target);
    const res = await upload(target, dstAdmin, 'import', dropped);
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('字段「运单号」在表单已有数据，新设计删除了该字段');
    expect(await fingerprint(target)).toBe(before);
  });
});

describe('a package of 10 forms', () => {
  it('exports and imports in one transaction; the time is printed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await parkForm(source, srcAdmin, `十表单${i}`, Array.from({ length: 12 }, (_, j) => control(j % 2 ? 'number' : 'input', `字段${j}`, `f${j}`))));
    }
    const zip = await exportZip(source, srcAdmin, { code: 'ten', name: '十表单应用', version: '1.0.0', formIds: ids });
    const t0 = performance.now();
    const done = await upload(target, dstAdmin, 'import', zip);
    const ms = Math.round(performance.now() - t0);
    console.log(`import of a 10-form package (12 fields each, ${zip.length} bytes): ${ms} ms`);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    expect((await target.sql.query(`select count(*)::int n from form_conf where form_name like '十表单%'`)).rows[0]).toEqual({ n: 10 });
  });
});

describe('into chosen tenants', () => {
  it('hands the forms down to each tenant in the same transaction; a disabled tenant refuses it whole, named', async () => {
    const formId = await parkForm(source, srcAdmin, '包租户表单', [control('input', '名称', 'title')]);
    const zip = await exportZip(source, srcAdmin, { code: 'tenantapp', name: '租户应用', version: '1.0.0', formIds: [formId] });
    const [good, off] = [await insertTenant(target, '包测试租户甲'), await insertTenant(target, '包测试租户乙', { enabled: false })];
    const before = await fingerprint(target);
    const refused = await upload(target, dstAdmin, 'import', zip, 'app.zip', [good.id, off.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errMsg).toBe('租户「包测试租户乙」：租户已禁用');
    expect(await fingerprint(target)).toBe(before);

    const done = await upload(target, dstAdmin, 'import', zip, 'app.zip', [good.id]);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    const held = await target.sql.query(`select ft.company_id::text from form_tenant ft join form_conf f on f.id = ft.form_id where f.form_name = '包租户表单'`);
    expect(held.rows).toEqual([{ company_id: good.id }]);
    const menu = await target.sql.query(`select name from sys_menu where company_id = $1 and name = '包租户表单'`, [good.id]);
    expect(menu.rows).toHaveLength(1);
    const listed = (await target.call(dstAdmin, 'GET', '/api/apppackage/list')).json().data.filter((a: Json) => a.code === 'tenantapp');
    expect(listed.map((a: Json) => a.installedIn)).toEqual(['园区', '租户：包测试租户甲']);
    const un = await target.call(dstAdmin, 'POST', '/api/apppackage/uninstall', { code: 'tenantapp' });
    expect(un.json().errMsg).toBe('「租户应用」已安装到租户，不能卸载');
  });
});

describe('卸载', () => {
  it('is refused while a form holds records, the form named, nothing removed', async () => {
    const before = await fingerprint(target);
    const res = await target.call(dstAdmin, 'POST', '/api/apppackage/uninstall', { code: 'hazmat' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('表单「包测试运单」已有数据，不能卸载应用');
    expect(await fingerprint(target)).toBe(before);
  });

  it('removes an application without data: its forms, tables and menus; it can be imported again', async () => {
    const res = await target.call(dstAdmin, 'POST', '/api/apppackage/uninstall', { code: 'ten' });
    expect(res.json(), res.body).toMatchObject({ errCode: 0, errMsg: '已卸载「十表单应用」', data: { removedForms: 10 } });
    expect((await target.sql.query(`select count(*)::int n from form_conf where form_name like '十表单%'`)).rows[0]).toEqual({ n: 0 });
    expect((await target.call(dstAdmin, 'GET', '/api/apppackage/list')).json().data.map((a: Json) => a.code)).not.toContain('ten');
  });
});

describe('卸载 with a flow', () => {
  it('takes the form\'s approval flow with it, all its versions', async () => {
    const formId = await parkForm(source, srcAdmin, '包流程卸载表单', [control('number', '数量', 'amount')]);
    await deployFlow(source, srcAdmin, formId, async (t) => ({ nodeId: 's', nodeName: '发起人', type: 0, childNode: { nodeId: 'a', nodeName: '审批', type: 1, approveType: 0, approveItems: [], recipient: { ...nobody, type: 0, role: [{ roleId: await roleIdOf(t, 'park_admin') }] }, childNode: null } }));
    const zip = await exportZip(source, srcAdmin, { code: 'flowapp', name: '流程应用', version: '1.0.0', formIds: [formId] });
    const done = await upload(target, dstAdmin, 'import', zip);
    expect(done.json(), done.body).toMatchObject({ errCode: 0 });
    const id = done.json().data.formIds[Object.keys(done.json().data.formIds)[0]!];
    const flows = async () => (await target.sql.query(`select (select count(*)::int from flow_model where form_id = $1) m, (select count(*)::int from flow_definition where form_id = $1) d`, [id])).rows[0];
    expect(await flows()).toEqual({ m: 1, d: 1 });
    const un = await target.call(dstAdmin, 'POST', '/api/apppackage/uninstall', { code: 'flowapp' });
    expect(un.json(), un.body).toMatchObject({ errCode: 0, data: { removedForms: 1 } });
    expect(await flows()).toEqual({ m: 0, d: 0 });
  });
});

describe('hostile packages are refused whole, nothing written', () => {
  const editForm = (edit: (f: Json) => void) => (files: Map<string, string>) => {
    for (const [name, text] of files) {
      if (!name.startsWith('forms/')) continue;
      const f = JSON.parse(text);
      edit(f);
      files.set(name, JSON.stringify(f));
    }
  };
  const editFlow = (edit: (tree: Json, flow: Json) => void) => (files: Map<string, string>) => {
    for (const [name, text] of files) {
      if (!name.startsWith('flows/')) continue;
      const f = JSON.parse(text);
      edit(f.tree, f);
      files.set(name, JSON.stringify(f));
    }
  };
  /** The approver under the first branch of the flow's route. */
  const bigNode = (tree: Json) => ((tree.childNode as Json).conditionNodes as Json[])[0]!.childNode as Json;
  const firstCond = (tree: Json) => ((((((tree.childNode as Json).conditionNodes as Json[])[0]!.conf as Json).condition as Json).fieldConds as Json).conditions as Json[])[0]!.conds as Json[];
  const cases: Array<[string, () => Buffer, string]> = [
    ['a flow condition that does not parse (unknown operator)', () => repack(pkgV1, editFlow((tree) => (firstCond(tree)[0]!.matchType = 'eval('))), '表单「包测试运单」的审批流程：条件1'],
    ['a flow condition on a field name outside the whitelist', () => repack(pkgV1, editFlow((tree) => (firstCond(tree)[0]!.model = 'amount; drop table sys_user'))), '条件字段'],
    ['a flow naming a person of another installation by id', () => repack(pkgV1, editFlow((tree) => ((bigNode(tree).recipient as Json).person = [{ id: 1, name: 'admin', type: 1 }]))), '人员或组织编号'],
    ['a flow naming a role by id, not code', () => repack(pkgV1, editFlow((tree) => ((bigNode(tree).recipient as Json).role = [{ roleId: '1' }]))), '角色须以角色编码引用'],
    ['a flow letting approvers edit a field the form lacks', () => repack(pkgV1, editFlow((tree) => (bigNode(tree).approveItems = ['nope']))), '可编辑字段不存在：nope'],
    ['a flow without any approver', () => repack(pkgV1, editFlow((tree) => (tree.childNode = null))), '流程中至少需要一个审批人节点'],
    ['a flow of a form not in the package', () => repack(pkgV1, (files) => {
      const m = JSON.parse(files.get('manifest.json')!);
      const name = `flows/${m.parts.flows[0]}.json`;
      const f = JSON.parse(files.get(name)!);
      f.form = 'fnotinpackage';
      files.delete(name);
      files.set('flows/fnotinpackage.json', JSON.stringify(f));
      m.parts.flows = ['fnotinpackage'];
      files.set('manifest.json', JSON.stringify(m));
    }), '审批流程所属的表单「fnotinpackage」不在应用包中'],
    ['a field name outside the whitelist', () => repack(pkgV1, editForm((f) => ((f.meta as { list: Json[] }).list[0]!.model = 'x"; drop table sys_user; --'))), '字段'],
    ['a sub-table name outside the whitelist', () => repack(pkgV1, editForm((f) => (f.meta as { list: Json[] }).list.push({ type: 'table', name: '明细', key: 'tbl', model: '../etc', options: {}, tableColumns: [] }))), '子表'],
    ['a form code outside the whitelist', () => repack(pkgV1, (files) => { const m = JSON.parse(files.get('manifest.json')!); m.parts.forms[0] = 'form; drop'; files.set('manifest.json', JSON.stringify(m)); }), '表单编码不合法'],
    ['a formula that does not parse', () => repack(pkgV1, editForm((f) => { for (const c of (f.meta as { list: Json[] }).list) if (c.model === 'total') c.options = { formula: { type: 'number', exp: ['${amount}', '*', '*'] } }; })), '金额'],
    ['a path in a file name (../)', () => repack(pkgV1, (files) => files.set('../evil.json', '{}'), true), '上级目录'],
    ['an absolute path', () => repack(pkgV1, (files) => files.set('/etc/evil.json', '{}'), true), '绝对路径'],
    ['a backslash', () => repack(pkgV1, (files) => files.set('forms\\evil.json', '{}'), true), '反斜杠'],
    ['a checksum mismatch', () => repack(pkgV1, editForm((f) => (f.formName = '被篡改')), true), '校验值不符'],
    ['an unknown format version', () => repack(pkgV1, (files) => { const m = JSON.parse(files.get('manifest.json')!); m.format = 99; files.set('manifest.json', JSON.stringify(m)); }), '不支持的应用包格式版本'],
    ['a zip bomb', () => Buffer.from(zipSync({ 'manifest.json': new Uint8Array(30 * 1024 * 1024) }, { level: 9 })), '拒绝导入'],
    ['too many entries', () => Buffer.from(zipSync(Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`forms/f${i}.json`, strToU8('{}')])))), '文件数超过'],
    ['an oversize file', () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024 + 10)]), '超过 5 MB'],
    ['not a zip at all', () => Buffer.from('{"format":1}'), '不是 zip'],
    ['a dictionary it needs that is nowhere', () => repack(pkgV1, (files) => { files.delete('dictionaries/hz_goods_class.json'); const m = JSON.parse(files.get('manifest.json')!); m.parts.dictionaries = []; files.set('manifest.json', JSON.stringify(m)); }), '既不在应用包中'],
  ];
  for (const [what, make, reason] of cases) {
    it(what, async () => {
      const fresh = Buffer.from(make());
      const before = await fingerprint(target);
      for (const kind of ['preview', 'import'] as const) {
        const res = await upload(target, dstAdmin, kind, fresh);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.json().errMsg, res.body).toContain(reason);
      }
      expect(await fingerprint(target)).toBe(before);
    });
  }

  it('a flow naming a role the installation does not have: the preview says so, the import is refused whole', async () => {
    const zip = repack(pkgV1, editFlow((tree) => ((bigNode(tree).recipient as Json).role = [{ roleId: '@role:no_such_role' }])));
    const before = await fingerprint(target);
    const preview = await upload(target, dstAdmin, 'preview', zip);
    expect(preview.json().data.reasons.join()).toContain('角色「no_such_role」在本系统中不存在');
    const res = await upload(target, dstAdmin, 'import', zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toContain('角色「no_such_role」在本系统中不存在');
    expect(await fingerprint(target)).toBe(before);
  });

  it('a form name that clashes with another form of the installation is refused', async () => {
    const other = await createTestApp();
    try {
      const admin = await other.login();
      await other.call(admin, 'POST', '/api/form/formconf/save', { formName: '包测试车队', formType: '0' });
      const before = await fingerprint(other);
      const res = await upload(other, admin, 'import', pkgV1);
      expect(res.json().errMsg).toContain('表单名称「包测试车队」已被本系统的其他表单使用');
      expect(await fingerprint(other)).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe('refusals of the caller', () => {
  it('401 without a session, 403 for a user without 应用管理', async () => {
    expect((await target.app.inject({ method: 'GET', url: '/api/apppackage/list', headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
    await target.sql.query(`insert into sys_user (username, password_hash, real_name) select 'pkg_plain', password_hash, '普通用户' from sys_user where username = 'admin'`);
    const plain = await target.login('pkg_plain');
    expect((await target.call(plain, 'GET', '/api/apppackage/list')).statusCode).toBe(403);
    expect((await upload(target, plain, 'import', pkgV1)).statusCode).toBe(403);
  });
});
