import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import palette from '../../../../../../shared/reference/origin/1298350966-ioc-vue-ts/formType.config.json' with { type: 'json' };
import { controlGaps, FORM_CONFIG_DEFAULTS, HAZMAT_APPROVAL_OPINION, HAZMAT_VEHICLE_FORM_NAME, missingKeys, type FormControl, type FormMeta } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { seedDemoApproval } from '../../seeds/approval.ts';
import { seedDemoRoles } from '../../seeds/demoRoles.ts';
import { DEMO_DASHBOARD_NAME } from '../../seeds/reports.ts';
import { postTask } from '../approval/testSupport.ts';

/*
 * Issue 44: replies as a client of the original platform reads them (the Vue client of
 * 1298350966/ioc-vue-ts at 60858bd), on the seeded demo data, as npm start leaves it. Each test
 * names the file of that client whose reads it checks.
 */

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;
let vehicleFormId: number;

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const entries = Object.values(palette as unknown as Record<string, FormControl[]>).flat();

beforeAll(async () => {
  t = await createTestApp();
  // The shared test template leaves the demo people out (test/globalSetup.ts): seeded here as npm start does.
  await t.booted.ctx.db.transaction().execute((trx) => seedDemoApproval(trx));
  await t.booted.ctx.db.transaction().execute((trx) => seedDemoRoles(trx));
  admin = await t.login();
  zhangsan = await t.login('zhangsan');
  lisi = await t.login('lisi');
  vehicleFormId = Number((await t.sql.query(`select id from form_conf where form_name = $1 order by id limit 1`, [HAZMAT_VEHICLE_FORM_NAME])).rows[0].id);
});
afterAll(() => t.close());

/** The palette's default control of a type, without what a design names itself. */
function defaultsOf(type: string): Record<string, unknown> | undefined {
  const ref = entries.find((e) => e.type === type);
  if (!ref) return undefined;
  const { name: _n, icon: _i, key: _k, model: _m, ...rest } = ref as unknown as Record<string, unknown>;
  return rest;
}

function everyControl(list: FormControl[]): FormControl[] {
  return list.flatMap((c) => [c, ...everyControl(c.tableColumns ?? []), ...everyControl((c.columns ?? []).flatMap((col) => col.list ?? []))]);
}

/** What the client's add dialog and V1 list page read of a design; [] when nothing is missing. */
function gapsOf(meta: FormMeta): string[] {
  const gaps = everyControl(meta.list).flatMap((c) => {
    const ref = defaultsOf(c.type);
    const missing = ref ? controlGaps(ref, c) : [];
    if (!Array.isArray(c.rules)) missing.push('rules');
    return missing.map((k) => `${c.type} ${c.model ?? ''}: ${k}`);
  });
  return [...gaps, ...missingKeys(FORM_CONFIG_DEFAULTS, meta.config).map((k) => `config.${k}`)];
}

describe('the staff home 流程申请 list (FormConfTable.vue, FormProcessDesignTool.vue)', () => {
  it('serves a demo user the forms whose flow they may start, with lastUpdateTime, flag and formMeta as JSON text', async () => {
    const res = await t.call(zhangsan, 'GET', '/api/form/formconf/query?pageSize=10&pageNum=1&formType=1');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.totalCount).toBe(reply.datas.length);
    expect(reply.datas.map((r: { formName: string }) => r.formName)).toEqual([HAZMAT_VEHICLE_FORM_NAME]);
    const row = reply.datas[0];
    expect(row).toMatchObject({ formId: vehicleFormId, formName: HAZMAT_VEHICLE_FORM_NAME, flag: 0 });
    expect(row.lastUpdateTime).toMatch(DATE_TIME);
    expect(typeof row.formMeta).toBe('string');
    // showApproval(row): JSON.parse(row.formMeta).list, its tables' tableColumns.
    expect(Array.isArray(JSON.parse(row.formMeta).list)).toBe(true);
    // Anything else stays the designers'.
    expect((await t.call(zhangsan, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=10')).json()).toEqual({ errCode: 403, errMsg: '您无权执行此操作' });
    expect((await t.call(zhangsan, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=10&formType=0')).statusCode).toBe(403);
    // A designer asking formType=1 gets the forms with a deployed flow, with the same fields.
    const designer = (await t.call(admin, 'GET', '/api/form/formconf/query?pageNum=1&pageSize=10&formType=1')).json();
    expect(designer.datas.map((r: { formId: number }) => r.formId)).toEqual([vehicleFormId]);
    expect(typeof designer.datas[0].formMeta).toBe('string');
  });
});

describe('an approval opened and handled by the original client (TaskManagement.vue)', () => {
  it('lists the done task in processVos, offers the node\'s 审核意见 in waitList[0].approveItems, and messages carry params as JSON text', async () => {
    const started = await t.call(zhangsan, 'POST', `/api/form/startformflow/${vehicleFormId}`, {
      plate_no: '皖A44444', vehicle_type: '罐式货车', cargo_kind: '普通货物', cargo_note: '钢材', rated_load: 40, actual_load: 10, driver_mobile: '13855101234', entry_date: '2026-12-02',
    });
    expect(started.json(), started.body).toMatchObject({ errCode: 0 });
    const pid = started.json().processInstanceId as number;

    // 李四 opens his to-do: the approval form is built from waitList[0].approveItems[].itemModel.
    const todo = (await t.call(lisi, 'GET', '/api/flow/self/todotasklist?pageNum=1&pageSize=10')).json().taskVos;
    const task = todo.find((r: { processInstanceId: number }) => r.processInstanceId === pid);
    const details = (await t.call(lisi, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json();
    expect(details.waitList[0].approveItems).toEqual([{ itemModel: HAZMAT_APPROVAL_OPINION, itemName: '审核意见' }]);
    expect(details.currentTaskId).toBe(task.taskId);
    const ok = await postTask(t, lisi, `/api/flow/approvetask/${task.taskId}`, { taskId: String(task.taskId), formId: String(vehicleFormId), [HAZMAT_APPROVAL_OPINION]: '同意入园' });
    expect(ok.json(), ok.body).toEqual({ errCode: 0 });

    // listTask('done') reads res.processVos (and res.totalCount); a row opens the task by its ids.
    const done = (await t.call(lisi, 'GET', '/api/flow/self/donetasklist?pageNum=1&pageSize=10')).json();
    expect(Array.isArray(done.processVos)).toBe(true);
    expect(done.processVos).toEqual(done.taskVos);
    expect(done.totalCount).toBeGreaterThan(0);
    const row = done.processVos.find((r: { processInstanceId: number }) => r.processInstanceId === pid);
    expect(row).toMatchObject({ taskId: task.taskId, processInstanceId: pid, approveStatus: '1' });
    expect(typeof row.processDefinitionId).toBe('number');
    expect(row.businessName).toEqual(expect.any(String));
    expect(row.startTime).toMatch(DATE_TIME);
    expect(row.endTime).toMatch(DATE_TIME);
    const history = (await t.call(lisi, 'GET', `/api/flow/queryapprovedetails/${pid}`)).json().list;
    expect(history.at(-1).approveItems).toEqual([{ itemModel: HAZMAT_APPROVAL_OPINION, itemName: '审核意见', itemValue: '同意入园' }]);

    // A message opened from 消息: row = JSON.parse(row.params), then its processInstanceId and processDefinitionId.
    const msgs = (await t.call(zhangsan, 'GET', '/api/msg/queryself?pageNum=1&pageSize=10&statusList=0')).json().msgs;
    const result = msgs.find((m: { bigType: number; smallType: number }) => m.bigType === 1 && m.smallType === 4);
    expect(typeof result.params).toBe('string');
    const params = JSON.parse(result.params);
    expect(params).toMatchObject({ processInstanceId: pid, processDefinitionId: row.processDefinitionId, formId: vehicleFormId });
  });
});

describe('reports (DataReport.vue, ReportCustom.vue)', () => {
  it('lists reports in dataReports with paging, and answers getbyid with reportConf.settingMeta as JSON text', async () => {
    const res = await t.call(admin, 'GET', '/api/report/datareport/query?pageNum=1&pageSize=10');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({ pageNum: 1, pageSize: 10, totalCount: reply.dataReports.length });
    const dashboard = reply.dataReports.find((r: { reportName: string }) => r.reportName === DEMO_DASHBOARD_NAME);
    expect(Object.keys(dashboard).sort()).toEqual(['lastUpdateTime', 'lastUpdateUserName', 'reportId', 'reportName', 'state', 'userName']);
    // Published to a menu by the seed: 2 已发布.
    expect(dashboard).toMatchObject({ state: 2, userName: '系统管理员', lastUpdateUserName: '系统管理员' });
    expect(dashboard.lastUpdateTime).toMatch(DATE_TIME);
    expect(typeof dashboard.reportId).toBe('number');
    expect((await t.call(admin, 'GET', `/api/report/datareport/query?pageNum=1&pageSize=10&reportName=${encodeURIComponent('没有这个报表')}`)).json().dataReports).toEqual([]);

    const loaded = (await t.call(admin, 'GET', `/api/report/datareport/getbyid/${dashboard.reportId}`)).json();
    expect(typeof loaded.reportConf.settingMeta).toBe('string');
    const setting = JSON.parse(loaded.reportConf.settingMeta);
    expect(setting.widgets.length).toBeGreaterThan(0);
    // Ours stays as it was.
    expect(loaded.settingMeta).toEqual(setting);
  });
});

describe('full control options (FormAddData.vue / FormBuild*.vue, and the V1 list page FormCustom.vue via khForm.js loadFormConf)', () => {
  it('serves the seeded forms with every palette option key of each control, the form settings it reads and queryLayout.cols', async () => {
    for (const name of [HAZMAT_VEHICLE_FORM_NAME, '危化品目录']) {
      const id = (await t.sql.query(`select id from form_conf where form_name = $1 order by id limit 1`, [name])).rows[0].id;
      const stored = (await t.sql.query(`select form_meta from form_conf where id = $1`, [id])).rows[0].form_meta as FormMeta;
      expect(gapsOf(stored), `${name} as seeded`).toEqual([]);
      const served = JSON.parse((await t.call(admin, 'GET', `/api/form/formconf/getbyid/${id}`)).json().formConf.formMeta) as FormMeta;
      expect(gapsOf(served), name).toEqual([]);
      // previewCondSet: queryLayout.cols columns of query fields (undefined drew nothing and threw reading `columns`).
      expect(served.sensorSettings!.queryLayout).toMatchObject({ columnCount: 3, cols: 3 });
    }
  });

  it('stores a design saved through saveformdesign with every palette key, what it set kept', async () => {
    const formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '选项补全' })).json().formId;
    const meta: FormMeta = {
      list: [
        { type: 'select', key: 'kind', model: 'kind', name: '种类', options: { options: [{ value: '甲', label: '甲' }], width: '100%' } },
        { type: 'gis_select', key: 'pos', model: 'pos', name: '位置', modelExt: { lat: 'pos_lat', lnt: 'pos_lng', address: 'pos_addr' }, options: { city: '合肥' } },
        { type: 'user_select', key: 'who', model: 'who', name: '经办人', label_model: 'who_name', options: {} },
      ],
      config: { labelWidth: 120 },
    };
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json()).toMatchObject({ errCode: 0 });
    const stored = (await t.sql.query(`select form_meta from form_conf where id = $1`, [formId])).rows[0].form_meta as FormMeta;
    expect(gapsOf(stored)).toEqual([]);
    const [kind, pos, who] = stored.list;
    expect(kind!.options).toMatchObject({ options: [{ value: '甲', label: '甲' }], width: '100%', placeholder: '请选择' });
    expect(pos!.options).toMatchObject({ city: '合肥', zoom: 13 });
    expect(who!.options.maps).toEqual({ key: '', name: '', title: '', mapping: [] });
    expect(stored.config).toMatchObject({ labelWidth: 120, labelPosition: 'right' });
  });
});
