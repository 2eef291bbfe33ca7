import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { postTask, statusOf, taskOf } from '../../modules/approval/testSupport.ts';
import { addDevice, arrangePark, ingest } from '../../modules/park/testPark.ts';
import { remindTick } from '../../modules/remind/index.ts';
import { installTransportApp } from './seed.ts';
import { buildTransportPackage, TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
import { parkDay } from './waybills.ts';
import { phoneWorkbenchApps } from '../testSupport.ts';
import { RECEIVING_COMPANY } from './people.ts';

/*
 * 危化品运输 (issue 41, ADR 0059) on a real PostgreSQL: its package builds the same zip every time
 * and installs through 应用管理's install into a database that has never seen it; a waybill naming
 * an expired certificate is refused with the certificate named; an approved waybill of the day lets
 * its vehicle in quietly, and a hazardous vehicle without one raises 无有效运单入园.
 */

let t: TestApp;
let admin: string;
const form = (code: string) => t.sql.query<{ id: string }>(`select local_id as id from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form' and p.code = $2`, [TRANSPORT_APP.code, code]).then((r) => r.rows[0]!.id);
const idOf = async (code: string, column: string, value: string) => String((await t.sql.query(`select id from form_${await form(code)} where ${column} = $1`, [value])).rows[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

describe('危化品运输 package', () => {
  it('builds byte for byte the same and installs into an empty installation with its flow, menus and demo rows', async () => {
    expect(buildTransportPackage().equals(buildTransportPackage())).toBe(true);
    expect((await t.sql.query(`select count(*)::int n from app_package where code = $1`, [TRANSPORT_APP.code])).rows[0].n).toBe(0);
    await installTransportApp(t.booted.ctx);
    await installTransportApp(t.booted.ctx); // once
    const forms = await t.sql.query(`select f.form_name from app_package_part p join form_conf f on f.id = p.local_id where p.kind = 'form' order by f.form_name`);
    expect(forms.rows.map((r) => r.form_name).sort()).toEqual(['托运方', '押运员', '电子运单', '车辆', '车队', '运输危化品目录', '驾驶员'].sort());
    const flow = await t.sql.query(`select m.model_name, m.definition_id from flow_model m where m.form_id = $1`, [await form(TRANSPORT_FORMS.waybill)]);
    expect(flow.rows[0]).toMatchObject({ model_name: '电子运单审批' });
    expect(flow.rows[0].definition_id).not.toBeNull();
    const menus = await t.sql.query(`select c.name from sys_menu c join sys_menu g on g.id = c.parent_id where g.name = '危化品运输' order by c.name`);
    // The seven forms' lists and the dashboard (reports/tp_dashboard.json).
    expect(menus.rows).toHaveLength(8);
    expect(menus.rows.map((r) => r.name)).toContain('危化品运输大屏');
    expect((await t.sql.query(`select count(*)::int n from form_${await form(TRANSPORT_FORMS.vehicle)}`)).rows[0].n).toBe(2);
    // 数据提醒 30 days before each certificate expires, on the three forms that hold one.
    const reminds = await t.sql.query(`select form_set from form_remind_set where form_id = any($1::bigint[])`, [[await form(TRANSPORT_FORMS.vehicle), await form(TRANSPORT_FORMS.driver), await form(TRANSPORT_FORMS.escort)]]);
    expect(reminds.rows.map((r) => (typeof r.form_set === 'string' ? JSON.parse(r.form_set) : r.form_set).condRemind[0].remind.cond[0].dateCond)).toEqual(Array(3).fill({ type: 'dayAfter', count: 30 }));
    // They came with the package (its 表单设置, ADR 0064), to the administrator who installed it.
    const adminId = String((await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
    expect(reminds.rows.map((r) => String((typeof r.form_set === 'string' ? JSON.parse(r.form_set) : r.form_set).condRemind[0].defaultRecipient[0].id))).toEqual(Array(3).fill(adminId));
    const parts = await t.sql.query(`select p.code from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form_settings' order by p.code`, [TRANSPORT_APP.code]);
    expect(parts.rows.map((r) => r.code)).toEqual([TRANSPORT_FORMS.driver, TRANSPORT_FORMS.escort, TRANSPORT_FORMS.vehicle]);
    // And they fire: 皖A30002's 道路运输证 runs out in 20 days, a message to the administrator.
    const nineThirty = new Date(`${parkDay(Date.now())}T09:30:00+08:00`);
    await remindTick({ db: t.booted.ctx.db, smsProvider: 'log' }, nineThirty, await form(TRANSPORT_FORMS.vehicle));
    const sent = await t.sql.query(`select receiver_id::text, content from msg_message where title = '车辆道路运输证将到期'`);
    expect(sent.rows).toEqual([{ receiver_id: adminId, content: `车辆 皖A30002 的道路运输证 皖交运字340100300002号 将于 ${parkDay(Date.now() + 20 * 86_400_000)} 到期，请及时换证` }]);
  });

  it('gives the demo a fleet clerk with the fleet’s menus only and a receiving company’s reviewer with none of them', async () => {
    const menusOf = async (username: string) =>
      (await t.sql.query(
        `select distinct m.name from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role_menu rm on rm.role_id = ur.role_id
           join sys_menu m on m.id = rm.menu_id join sys_menu g on g.id = m.parent_id where u.username = $1 and g.name = '危化品运输' and m.menu_type = 'menu' order by m.name`,
        [username],
      )).rows.map((r) => r.name as string);
    expect((await menusOf('tp_chenli')).sort()).toEqual(['押运员', '电子运单', '车辆', '驾驶员'].sort());
    expect(await menusOf('tp_liuyang')).toEqual([]);
    // The clerk may file (新增) a waybill; the reviewer reaches it only through the approval.
    const clerk = await t.login('tp_chenli');
    expect((await t.call(clerk, 'GET', `/api/form/formActions/${await form(TRANSPORT_FORMS.waybill)}`)).json().actions).toContain('add');
  });
});

describe('waybills', () => {
  let receiverId: string;
  let receiver: string;
  let base: Record<string, string>;
  const today = parkDay(Date.now());
  const submit = (fields: Record<string, string>) =>
    t.call(admin, 'POST', `/api/form/startformflow/${fieldsForm}`, { parent: { ...base, ...fields }, child: [{ subKey: 'goods', subDatas: [{ goods_name: '甲醇', un_no: '1230', quantity: 20 }] }] });
  let fieldsForm = '';
  /** A user of a company (or of the park: null) holding 收货企业审核人. */
  const reviewerOf = async (username: string, companyId: string | null) => {
    const id = String((await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type, company_id) select $1, password_hash, $1, $3, $2 from sys_user where username = 'admin' returning id`, [username, companyId, companyId ? 2 : 0])).rows[0].id);
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = 'tp_receiver' and company_id is null`, [id]);
    return id;
  };

  beforeAll(async () => {
    fieldsForm = await form(TRANSPORT_FORMS.waybill);
    // The demo's reviewer 刘洋 is a user of the receiving company (people.ts).
    receiverId = String((await t.sql.query(`select id from sys_user where username = 'tp_liuyang'`)).rows[0].id);
    receiver = await t.login('tp_liuyang');
    const { id: company, company_name: companyName } = (await t.sql.query(`select id::text, company_name from sys_company where company_name = $1`, [RECEIVING_COMPANY])).rows[0];
    expect(String((await t.sql.query(`select company_id from sys_user where id = $1`, [receiverId])).rows[0].company_id)).toBe(company);
    base = {
      waybill_no: 'YD-T-1', sender: await idOf(TRANSPORT_FORMS.sender, 'sender_name', '合肥化工原料有限公司'), sender_label: '合肥化工原料有限公司', fleet: await idOf(TRANSPORT_FORMS.fleet, 'fleet_name', '安运危货运输车队'),
      vehicle: await idOf(TRANSPORT_FORMS.vehicle, 'plate_no', '皖A30001'), driver: await idOf(TRANSPORT_FORMS.driver, 'person_name', '王建国'),
      escort: await idOf(TRANSPORT_FORMS.escort, 'person_name', '赵敏'), plan_time: today, origin: '合肥', destination: '园区2号罐区',
      receiver: company, receiver_label: companyName, waybill_status: '有效',
    };
  });

  it('refuses a waybill naming an expired certificate, the certificate named, and writes nothing', async () => {
    const before = (await t.sql.query(`select count(*)::int n from form_${fieldsForm}`)).rows[0].n;
    const refused = await submit({ driver: await idOf(TRANSPORT_FORMS.driver, 'person_name', '李强') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errMsg).toMatch(/^驾驶员的从业资格证已过期（有效期至\d{4}-\d{2}-\d{2}），早于计划时间\d{4}-\d{2}-\d{2}，不能用于本运单$/);
    // The refusal names its picker, so the form marks 驾驶员 (the field to change).
    expect(refused.json().errors).toEqual([{ model: 'driver', name: '驾驶员', message: refused.json().errMsg }]);
    // A plan after the vehicle's 道路运输证 runs out (in 20 days) names that certificate.
    const late = await submit({ vehicle: await idOf(TRANSPORT_FORMS.vehicle, 'plate_no', '皖A30002'), plan_time: parkDay(Date.now() + 40 * 86_400_000) });
    expect(late.json().errMsg).toContain('车辆的道路运输证已过期');
    expect((await t.sql.query(`select count(*)::int n from form_${fieldsForm}`)).rows[0].n).toBe(before);
    expect((await t.sql.query(`select count(*)::int n from flow_instance where form_id = $1`, [fieldsForm])).rows[0].n).toBe(0);
  });

  it('goes to the receiving company’s own 收货企业审核人 only: another company’s and the park’s neither see nor act on it', async () => {
    const otherCompany = String((await t.sql.query(`select id from sys_company where company_name <> $1 and status = '1' order by id limit 1`, [RECEIVING_COMPANY])).rows[0].id);
    const stranger = await reviewerOf('tp_other_reviewer', otherCompany);
    const parkReviewer = await reviewerOf('tp_park_reviewer', null);
    const ok = await submit({ waybill_no: 'YD-T-0' });
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });
    const pid = ok.json().processInstanceId as number;
    const assignees = await t.sql.query(`select u.username from flow_task ft join sys_user u on u.id = ft.assignee_id where ft.instance_id = $1 and ft.status = 0`, [pid]);
    expect(assignees.rows).toEqual([{ username: 'tp_liuyang' }]);
    expect(await taskOf(t, pid, stranger)).toBeUndefined();
    expect(await taskOf(t, pid, parkReviewer)).toBeUndefined();
    const task = (await taskOf(t, pid, receiverId))!;
    const other = await t.login('tp_other_reviewer');
    // Not in the other company's 待办, not its to open or approve.
    expect((await t.call(other, 'GET', '/api/flow/self/todotasklist?pageNum=1&pageSize=50')).json().totalCount ?? 0).toBe(0);
    expect((await t.call(other, 'GET', `/api/flow/queryapprovedetails/${pid}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await postTask(t, other, `/api/flow/approvetask/${task}`, { taskId: String(task), formId: fieldsForm })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await statusOf(t, pid)).toBe('0');
    // The goods the reviewer is asked to agree to: the waybill's 运输货物 rows, read as its task's assignee
    // (no right on 电子运单, and rows carry no company); the other company's user gets none of them.
    const record = String((await t.sql.query(`select id from form_${fieldsForm} where waybill_no = 'YD-T-0'`)).rows[0].id);
    const goodsUrl = `/api/form/querysubformdata/${fieldsForm}/goods?parentId=${record}&pageNum=1&pageSize=10`;
    const goods = (await t.call(receiver, 'GET', goodsUrl)).json();
    expect(goods).toMatchObject({ errCode: 0, totalCount: 1 });
    expect(goods.datas[0]).toMatchObject({ goods_name: '甲醇', un_no: '1230' });
    expect((await t.call(other, 'GET', goodsUrl)).statusCode).toBe(403);
    // 作废 so the day's other tests see one valid waybill.
    await t.sql.query(`update form_${fieldsForm} set waybill_status = '已作废' where waybill_no = 'YD-T-0'`);
    expect((await postTask(t, receiver, `/api/flow/disapprovetask/${task}`, { taskId: String(task), formId: fieldsForm, remark: '不收' })).json()).toEqual({ errCode: 0 });
  });

  it('approved by the receiving company, lets its vehicle in without an alarm; a vehicle without one raises 无有效运单入园', async () => {
    const ok = await submit({});
    expect(ok.json(), ok.body).toMatchObject({ errCode: 0 });
    const pid = ok.json().processInstanceId as number;
    const task = (await taskOf(t, pid, receiverId))!;
    expect(task).toBeDefined();
    expect((await postTask(t, receiver, `/api/flow/approvetask/${task}`, { taskId: String(task), formId: fieldsForm })).json()).toEqual({ errCode: 0 });
    expect(await statusOf(t, pid)).toBe('1');

    const gates = await arrangePark(t);
    const gate = await addDevice(t, admin, 'TP-GATE-1', 'gate', gates.G1);
    const now = new Date().toISOString();
    const pass = (eventId: string, plate: string) => ({ eventId, gateCode: 'G1', plate, direction: 1, passTime: now, vehicleType: '2', hazardousClass: 3, material: '甲醇', loadTons: 20 });
    const res = await ingest(t, gate.token, 'gatePasses', [pass('tp1', '皖A30001'), pass('tp2', '皖A39999')]);
    expect(res.json(), res.body).toMatchObject({ accepted: 2, alarms: 1 });
    const alarms = await t.sql.query(`select plate, alarm_type, content from park_alarm where alarm_type = 'no_waybill'`);
    expect(alarms.rows).toEqual([{ plate: '皖A39999', alarm_type: 'no_waybill', content: '危化品车辆 皖A39999 入园：无当日电子运单（运单 无）' }]);
    // Resent, nothing is raised twice.
    await ingest(t, gate.token, 'gatePasses', [pass('tp1', '皖A30001'), pass('tp2', '皖A39999')]);
    expect((await t.sql.query(`select count(*)::int n from park_alarm where alarm_type = 'no_waybill'`)).rows[0].n).toBe(1);

    // 门岗运单: each vehicle in the park with its waybill.
    const view = (await t.call(admin, 'GET', '/api/transport/gate')).json().datas as Array<{ plate: string; valid: boolean; waybill: { waybillNo: string; goods: string } | null }>;
    expect(view.find((v) => v.plate === '皖A30001')).toMatchObject({ valid: true, waybill: { waybillNo: 'YD-T-1', goods: '甲醇（UN1230）20吨' } });
    expect(view.find((v) => v.plate === '皖A39999')).toMatchObject({ valid: false, waybill: null });
  });
});

describe('危化品运输大屏 (the package’s datasets and dashboard)', () => {
  const ask = async (title: string) => {
    const report = (await t.sql.query(`select id, setting_meta from report_def where report_name = '危化品运输大屏'`)).rows[0];
    const widgets = report.setting_meta.widgets as Array<{ id: unknown; style?: { mainTitle?: string } }>;
    const widgetId = String(widgets.find((w) => w.style?.mainTitle === title)?.id);
    const reply = (await t.call(admin, 'POST', '/api/report/datareport/queryreportdata', { reportId: Number(report.id), widgetId, pageNum: 1, pageSize: 100, queryConditions: [] })).json();
    expect(reply, JSON.stringify(reply)).toMatchObject({ errCode: 0 });
    return (reply.datas as Array<Record<string, unknown>>).map((d) => Object.values(d));
  };

  it('waybills by receiving company, sender, goods and day; certificates running out within 30 days', async () => {
    // YD-T-1, and YD-T-0 the receiving company refused.
    expect(await ask('运单总数')).toEqual([[2]]);
    expect(await ask('今日计划运单')).toEqual([[2]]);
    expect(await ask('运单（按收货企业）')).toEqual([[RECEIVING_COMPANY, 2]]);
    expect(await ask('运单（按托运方）')).toEqual([['合肥化工原料有限公司', 2]]);
    expect(await ask('运输货物（按品名，吨）')).toEqual([['甲醇', 40]]);
    expect(await ask('每日运单')).toEqual([[parkDay(Date.now()), 2]]);
    // 皖A30002's 道路运输证 runs out in 20 days; 王建国's and 赵敏's are good for a year or more, 李强's has already run out.
    expect(await ask('30天内到期的车辆道路运输证')).toEqual([['皖A30002', '安运危货运输车队', '皖交运字340100300002号', parkDay(Date.now() + 20 * 86_400_000)]]);
    expect(await ask('30天内到期的驾驶员从业资格证')).toEqual([]);
    expect(await ask('30天内到期的押运员从业资格证')).toEqual([]);
    const menu = await t.sql.query(`select g.name as group, r.role_code from sys_menu m join sys_menu g on g.id = m.parent_id join sys_role_menu rm on rm.menu_id = m.id join sys_role r on r.id = rm.role_id where m.name = '危化品运输大屏'`);
    expect(menu.rows).toEqual([{ group: '危化品运输', role_code: 'park_admin' }]);
  });
});

describe('the micro-app on the mobile workbench', () => {
  it('the package’s 危化品运输 micro-app is on the park’s workbench, beside what was there, its functions on the package’s forms', async () => {
    const onPhone = await phoneWorkbenchApps(t, admin);
    const placed = onPhone.find((p) => p.app.appName === '危化品运输')!;
    expect(placed.trail).toEqual(['安全管理', '园区应用']);
    expect(placed.app).toMatchObject({ iconName: 'cheliangguanli', iconBgColor: '#E6A23C' });
    // 门岗运单 is a PC page: the phone is not given it.
    const wanted: Array<[string, string]> = [['电子运单', TRANSPORT_FORMS.waybill], ['车辆', TRANSPORT_FORMS.vehicle], ['驾驶员', TRANSPORT_FORMS.driver], ['押运员', TRANSPORT_FORMS.escort], ['车队', TRANSPORT_FORMS.fleet], ['托运方', TRANSPORT_FORMS.sender], ['运输危化品目录', TRANSPORT_FORMS.goods]];
    const expected = await Promise.all(wanted.map(async ([name, code]) => [name, await form(code)]));
    expect(placed.app.functions.map((f) => [f.funName, String(f.formId)])).toEqual(expected);
    // Still there: the demo's own 危化品车辆入园登记 (seeds/microApps.ts).
    expect(onPhone.map((p) => p.app.appName)).toContain('危化品车辆入园登记');
  });
});
