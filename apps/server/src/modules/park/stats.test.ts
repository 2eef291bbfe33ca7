import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAZMAT_VEHICLE_FORM_NAME } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser, roleIdByCode } from '../admin/testHelpers.ts';
import { rebuildViolationDaily } from './ingest/repo.ts';
import { addDevice, arrangePark, ingest } from './testPark.ts';

/*
 * A small, fully known park on 2026-10-01 and 02 (server time zone); every expected number below
 * is counted by hand from these rows.
 */
let t: TestApp;
let admin: string;
const R = 'beginTime=2026-10-01&endTime=2026-10-02';
const local = (d: number, h: number, m = 0) => new Date(2026, 9, d, h, m).toISOString();
const text = (d: number, h: number, m = 0) => `2026-10-0${d} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
const get = async (url: string) => {
  const res = await t.call(admin, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const dayOffset = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const gates = await arrangePark(t);
  const gate1 = await addDevice(t, admin, 'G1-CAM', 'gate', gates.G1);
  const gate2 = await addDevice(t, admin, 'G2-CAM', 'gate', gates.G2);
  const people = await addDevice(t, admin, 'P1', 'person_gate', gates.G1);
  await t.sql.query(`insert into park_device (device_code, device_name, device_type, token_hash, token_hint, online) values ('ALM', '报警主机', 'alarm', 'x', 'xxxx', 0)`);
  const c1 = '91340500MA2DEMO01X';
  const c2 = '91340500MA2DEMO02Y';
  const hz = (material: string, loadTons: number, hazardousClass: string, companyCode: string) => ({ vehicleType: '2', material, loadTons, hazardousClass, companyCode });
  const pass = (eventId: string, plate: string, direction: number, passTime: string, extra = {}) => ({ eventId, gateCode: 'G1', plate, direction, passTime, vehicleType: '1', ...extra });
  expect((await ingest(t, gate1.token, 'gatePasses', [
    pass('1', '湘A00001', 1, text(1, 8), hz('甲醇', 30, '3', c1)),
    pass('2', '湘A00002', 1, text(1, 9, 30)),
    pass('5', '湘A00004', 1, text(2, 8, 45), { vehicleType: '4' }),
    pass('6', '湘A00005', 1, text(2, 10), hz('甲醇', 10, '3', c1)),
  ])).json().accepted).toBe(4);
  expect((await ingest(t, gate2.token, 'gatePasses', [
    pass('3', '湘A00001', 2, text(1, 17), { gateCode: 'G2', vehicleType: '2', companyCode: c1 }),
    pass('4', '湘A00003', 1, text(2, 8, 15), { gateCode: 'G2', ...hz('硫酸', 20, '8', c2) }),
  ])).json().accepted).toBe(2);
  const person = (eventId: string, personName: string, personType: string, direction: number, passTime: string) => ({ eventId, gateCode: 'G1', personName, personType, direction, passTime });
  await ingest(t, people.token, 'personPasses', [
    person('1', '张三', '员工', 1, text(1, 8)),
    person('2', '李四', '访客', 1, text(1, 9)),
    person('3', '李四', '访客', 2, text(1, 11)),
    person('4', '王五', '承包商', 1, text(2, 8)),
  ]);
  await t.sql.query(
    `with c as (select id, company_code, company_name from sys_company),
     road as (select id, road_name from park_road), zone as (select id from park_zone limit 1)
     insert into park_alarm (alarm_type, alarm_level, source, plate, company_id, company_name, road_id, zone_id, alarm_time, content, handled)
     select v.t, v.l, v.s, v.p, c.id, c.company_name, (select id from road where road_name = v.r), case when v.t = 'forbidden_zone' then (select id from zone) end, v.at::timestamptz, v.t, v.h
     from (values
       ('speeding', '03', 'rule', '湘A00001', $1, '纬一路', $3, 0),
       ('off_route', '02', 'rule', '湘A00001', $1, null, $4, 0),
       ('speeding', '03', 'rule', '湘A00005', $1, '纬一路', $5, 0),
       ('forbidden_zone', '02', 'rule', '湘A00003', $2, null, $6, 0),
       ('long_parking', '03', 'rule', '湘A00003', $2, '经一路', $7, 0),
       ('fire', '01', 'device', null, null, null, $8, 1)
     ) as v(t, l, s, p, code, r, at, h) left join c on c.company_code = v.code`,
    [c1, c2, local(1, 8, 10), local(1, 8, 20), local(2, 10, 5), local(2, 9), local(2, 11), local(2, 12)],
  );
  // Alarms written by SQL bypass the ingestion, which keeps the daily violation counts.
  await rebuildViolationDaily(t.booted.ctx.db);
  const params = [c1, c2, local(1, 9), local(2, 9), local(5, 0), local(3, 9), dayOffset(-10), dayOffset(10), dayOffset(100)];
  await t.sql.query(
    `insert into park_company_profile (company_id, risk_level, corp_type, major_hazard)
       select id, case when company_code = $1 then '01' else '03' end, case when company_code = $1 then '生产' else '储存' end, company_code = $1 from sys_company`,
    [c1],
  );
  await t.sql.query(
    `insert into park_risk_point (company_id, point_name, risk_level, major_hazard)
       select id, p.n, p.l, p.m from sys_company c join (values ($1, 'A罐区', '01', true), ($1, 'B装置', '02', false), ($2, '仓库', '03', false)) as p(code, n, l, m) on p.code = c.company_code`,
    [c1, c2],
  );
  await t.sql.query(
    `insert into park_hidden_danger (company_id, title, danger_level, found_time, deadline, rectified_time)
       select id, d.t, d.l, d.f::timestamptz, d.dl::timestamptz, d.r::timestamptz from sys_company c join (values
         ($1, 'd1', 'general', $3, null, $4), ($1, 'd2', 'major', $4, $5, null), ($2, 'd3', 'general', $6, null, null)
       ) as d(code, t, l, f, dl, r) on d.code = c.company_code`,
    params.slice(0, 6),
  );
  await t.sql.query(
    `insert into park_certificate (company_id, cert_name, cert_no, expire_date)
       select id, k.n, k.no, k.d::date from sys_company c join (values ($1, '安全生产许可证', 'AQ-1', $3), ($2, '危险化学品经营许可证', 'JY-2', $4), ($1, '排污许可证', 'PW-3', $5)) as k(code, n, no, d) on k.code = c.company_code`,
    [c1, c2, ...params.slice(6)],
  );
});
afterAll(async () => t?.close());

describe('/api/statistics/park', () => {
  it('counts passes by day, month and gate', async () => {
    expect((await get(`/api/statistics/park/count/everydaytotal?${R}`)).data).toEqual({
      categories: ['2026-10-01', '2026-10-02'],
      series: [{ name: '入园', data: [2, 3] }, { name: '出园', data: [1, 0] }],
    });
    expect((await get('/api/statistics/park/count/mouthtotal?beginTime=2026-09-01&endTime=2026-10-31')).data).toEqual({
      categories: ['2026-09', '2026-10'],
      series: [{ name: '入园', data: [0, 5] }, { name: '出园', data: [0, 1] }],
    });
    const gates = [
      { gateId: expect.any(Number), gateName: '1号门', inCount: 4, outCount: 0 },
      { gateId: expect.any(Number), gateName: '2号门', inCount: 1, outCount: 1 },
    ];
    expect((await get(`/api/statistics/park/gate/inouttotal?${R}`)).datas).toEqual(gates);
    // A range that is not whole days is counted from the passes themselves, with the same result.
    expect((await get('/api/statistics/park/gate/inouttotal?beginTime=2026-10-01 00:00:00&endTime=2026-10-02 23:59:59')).datas).toEqual(gates);
    expect((await get('/api/statistics/park/gate/inouttotal?beginTime=2026-10-01 09:00:00&endTime=2026-10-02 23:59:59')).datas.map((g: { inCount: number }) => g.inCount)).toEqual([3, 1]);
  });

  it('counts violations by type and company, hazardous vehicles and their loads', async () => {
    expect((await get(`/api/statistics/park/violat/count?${R}`)).datas).toEqual([
      { code: 'speeding', name: '超速行驶', value: 2 },
      { code: 'forbidden_zone', name: '闯入禁行区域', value: 1 },
      { code: 'long_parking', name: '违规停车', value: 1 },
      { code: 'off_route', name: '偏离规划路线', value: 1 },
      { code: 'overstay', name: '超时滞留', value: 0 },
    ]);
    expect((await get(`/api/statistics/park/violat/company/count?${R}`)).datas).toEqual([
      { name: '示例化工有限公司', value: 3 },
      { name: '华中危化品储运有限公司', value: 2 },
    ]);
    expect((await get(`/api/statistics/park/chemicalcar/rank?${R}`)).datas).toEqual([
      { name: '示例化工有限公司', value: 2, tons: 40 },
      { name: '华中危化品储运有限公司', value: 1, tons: 20 },
    ]);
    expect((await get(`/api/statistics/park/material/count?${R}`)).datas).toEqual([
      { material: '甲醇', trips: 2, tons: 40 },
      { material: '硫酸', trips: 1, tons: 20 },
    ]);
    expect((await get(`/api/statistics/park/material/detail/count?${R}`)).data).toEqual({
      categories: ['2026-10-01', '2026-10-02'],
      series: [{ name: '甲醇', data: [30, 10] }, { name: '硫酸', data: [0, 20] }],
    });
    const details = await get(`/api/statistics/park/queryMaterialDetails?${R}&pageSize=2`);
    expect(details.totalCount).toBe(3);
    expect(details.datas.map((d: { plate: string }) => d.plate)).toEqual(['湘A00005', '湘A00003']);
    expect(details.datas[1]).toMatchObject({ material: '硫酸', loadTons: 20, hazardousClassName: '腐蚀性物质', gateName: '2号门', directionName: '入园', passTime: text(2, 8, 15) });
  });

  it('counts entry applications in the 危化品车辆入园登记 form', async () => {
    const form = await t.sql.query(`select id from form_conf where form_name = $1`, [HAZMAT_VEHICLE_FORM_NAME]);
    const rows = await t.sql.query(`select count(*)::int as n from form_${form.rows[0].id}`);
    const reply = await get('/api/statistics/park/apply/counttotal');
    expect(reply.data.total).toBe(rows.rows[0].n);
    expect(reply.data.categories).toHaveLength(30);
  });

  it('refuses a bad range in Chinese, and callers without park:view', async () => {
    const bad = await t.call(admin, 'GET', '/api/statistics/park/violat/count?beginTime=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toBe('开始时间不是有效日期');
    expect((await t.call(admin, 'GET', '/api/statistics/park/violat/count?beginTime=2026-10-03&endTime=2026-10-01')).json().errMsg).toBe('开始时间必须早于结束时间');
    const user = await addUser(t, admin, 'parkviewer', { roleIds: [await roleIdByCode(t, 'company_user')] });
    const cookie = await t.login(user.username, user.password);
    expect((await t.call(cookie, 'GET', '/api/statistics/park/violat/count')).statusCode).toBe(403);
    const parkAdmin = await addUser(t, admin, 'parkadmin2', { roleIds: [await roleIdByCode(t, 'park_admin')] });
    const pa = await t.login(parkAdmin.username, parkAdmin.password);
    expect((await t.call(pa, 'POST', '/api/statistics/park/violat/count', { beginTime: '2026-10-01', endTime: '2026-10-02' })).json().datas[0].value).toBe(2);
  });
});

describe('/api/statistics/parkoverview', () => {
  it('answers the park now: vehicles, people, devices', async () => {
    expect((await get('/api/statistics/parkoverview/car/inpark/total')).data).toEqual({ total: 4, hazardous: 2, temporary: 1, ordinary: 1, hazardousTons: 30 });
    expect((await get('/api/statistics/parkoverview/statisticalPersonCountByTypeInParkNow')).datas).toEqual([
      { name: '员工', value: 1 },
      { name: '访客', value: 0 },
      { name: '承包商', value: 1 },
      { name: '司机', value: 0 },
    ]);
    const devices = await get('/api/statistics/parkoverview/queryDeviceOnlineState');
    expect(devices.data).toEqual({ online: 3, offline: 1, total: 4 });
    expect(devices.datas.find((d: { deviceType: string }) => d.deviceType === 'alarm')).toEqual({ deviceType: 'alarm', name: '报警主机', online: 0, offline: 1, total: 1 });
  });

  it('answers flows over a range and a day by hour', async () => {
    expect((await get(`/api/statistics/parkoverview/car/flow/total?${R}`)).data).toEqual({ in: 5, out: 1, hazardousIn: 3, hazardousOut: 1 });
    expect((await get('/api/statistics/parkoverview/car/flow/total')).data).toEqual({ in: 0, out: 0, hazardousIn: 0, hazardousOut: 0 });
    expect((await get(`/api/statistics/parkoverview/temporary/car/count?${R}`)).data).toEqual({ in: 1, out: 0, inPark: 1 });
    expect((await get(`/api/statistics/parkoverview/statisticalPersonInOutTotal?${R}`)).data).toEqual({ in: 3, out: 1, inPark: 2 });
    expect((await get(`/api/statistics/parkoverview/gate/car?${R}`)).datas.map((g: { inCount: number }) => g.inCount)).toEqual([4, 1]);
    const hours = (await get('/api/statistics/parkoverview/car/hour?date=2026-10-02')).data;
    expect(hours.categories).toHaveLength(24);
    expect(hours.series[0].data[8]).toBe(2);
    expect(hours.series[0].data[10]).toBe(1);
    expect(hours.series[0].data.reduce((a: number, b: number) => a + b, 0)).toBe(3);
  });
});

describe('/api/warnanalysis', () => {
  it('analyses violations by company, day, type, road and vehicle', async () => {
    expect((await get(`/api/warnanalysis/offend/company?${R}`)).data).toEqual({
      categories: ['示例化工有限公司', '华中危化品储运有限公司'],
      series: [
        { name: '超速行驶', data: [2, 0] },
        { name: '闯入禁行区域', data: [0, 1] },
        { name: '违规停车', data: [0, 1] },
        { name: '偏离规划路线', data: [1, 0] },
        { name: '超时滞留', data: [0, 0] },
      ],
    });
    expect((await get(`/api/warnanalysis/offend/car/trend?${R}`)).data.series.map((s: { data: number[] }) => s.data)).toEqual([[1, 1], [0, 1], [0, 1], [1, 0], [0, 0]]);
    expect((await get(`/api/warnanalysis/offend/type?${R}`)).datas.map((d: { value: number }) => d.value)).toEqual([2, 1, 1, 1, 0]);
    // Not whole days: counted from the alarms, the same.
    expect((await get('/api/warnanalysis/offend/type?beginTime=2026-10-01 00:00:00&endTime=2026-10-02 23:59:59')).datas.map((d: { value: number }) => d.value)).toEqual([2, 1, 1, 1, 0]);
    expect((await get(`/api/warnanalysis/offend/road?${R}`)).datas).toEqual([
      { roadId: expect.any(Number), name: '纬一路', value: 2 },
      { roadId: expect.any(Number), name: '经一路', value: 1 },
    ]);
    const cars = await get(`/api/warnanalysis/car/violat/alarm?${R}`);
    expect(cars.totalCount).toBe(3);
    expect(cars.datas.map((c: { plate: string; count: number }) => `${c.plate}:${c.count}`)).toEqual(['湘A00001:2', '湘A00003:2', '湘A00005:1']);
    expect(cars.datas[0].alarmTypes.split('、').sort()).toEqual(['偏离规划路线', '超速行驶'].sort());
    expect((await get(`/api/warnanalysis/offend/company/top10?${R}`)).datas).toEqual([
      { name: '示例化工有限公司', value: 3 },
      { name: '华中危化品储运有限公司', value: 2 },
    ]);
  });
});

describe('/api/alarm', () => {
  it('counts alarms waiting for disposal, lists them, and records who disposed of them', async () => {
    expect((await get(`/api/securitysituation/warntotal?${R}`)).data).toEqual({
      total: 6,
      handled: 1,
      unhandled: 5,
      levels: [
        { code: '01', name: '一级报警', value: 1 },
        { code: '02', name: '二级报警', value: 2 },
        { code: '03', name: '三级报警', value: 3 },
        { code: '04', name: '四级报警', value: 0 },
      ],
    });
    const numbers = (await get('/api/alarm/warnNumbers')).data;
    expect(numbers).toMatchObject({ unhandled: 5, total: 0, handled: 0 });
    expect(numbers.levels.map((l: { value: number }) => l.value)).toEqual([0, 2, 3, 0]);
    const list = await get(`/api/alarm/warnList?${R}&alarmLevel=03&handled=0`);
    expect(list.totalCount).toBe(3);
    expect(list.datas[0]).toMatchObject({ alarmType: 'long_parking', alarmTypeName: '违规停车', alarmLevelName: '三级报警', roadName: '经一路', plate: '湘A00003', handled: 0 });

    const ids = list.datas.slice(0, 2).map((a: { id: number }) => a.id);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/alarm/disposal',
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ids=${ids.join(',')}&disposal=${encodeURIComponent('已通知驾驶员驶离')}`,
    });
    expect(done.json()).toEqual({ errCode: 0, handled: 2 });
    const rows = await t.sql.query(`select alarm_id, username, disposal from park_alarm_disposal order by alarm_id`);
    expect(rows.rows.map((r) => r.username)).toEqual(['admin', 'admin']);
    expect((await get(`/api/alarm/warnList?${R}&alarmLevel=03&handled=1`)).datas[0]).toMatchObject({ handledName: '系统管理员', disposal: '已通知驾驶员驶离' });
    const again = await t.call(admin, 'POST', '/api/alarm/disposal', { id: ids[0], disposal: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await t.call(admin, 'POST', '/api/alarm/disposal', { id: ids[0], disposal: ' ' })).json().errMsg).toBe('请填写处置情况');
    expect((await t.call(admin, 'POST', '/api/alarm/disposal', { id: 999999, disposal: 'x' })).statusCode).toBe(404);
    expect((await get('/api/alarm/warnNumbers')).data.unhandled).toBe(3);
  });

  it('lists vehicles in the park with their position and the temporary ones', async () => {
    const cars = await get('/api/alarm/parkOverviewAnalysisCarList');
    expect(cars.totalCount).toBe(4);
    expect(cars.datas.map((c: { plate: string }) => c.plate)).toEqual(['湘A00005', '湘A00004', '湘A00003', '湘A00002']);
    expect((await get('/api/alarm/parkOverviewAnalysisInterimCarList')).datas.map((c: { plate: string }) => c.plate)).toEqual(['湘A00004']);
  });
});

describe('/api/cpms', () => {
  it('lists vehicles in the park and pass records', async () => {
    expect((await get('/api/cpms/getCurrentParkCarsListPage?vehicleType=2')).totalCount).toBe(2);
    const history = await get(`/api/cpms/getHistoryInoutCars?${R}&plate=A00001`);
    expect(history.datas.map((p: { directionName: string }) => p.directionName)).toEqual(['出园', '入园']);
    expect((await get('/api/cpms/getCurrentInoutCars?limit=2')).datas.map((p: { plate: string }) => p.plate)).toEqual(['湘A00005', '湘A00004']);
    expect((await get('/api/cpms/getInoutCurrentCarsListPage')).totalCount).toBe(0);
    expect((await get('/api/cpms/getDayInOutCars?date=2026-10-02')).data).toEqual({ in: 3, out: 0, inPark: 4 });
  });
});

describe('/api/corp and /api/securitysituation', () => {
  it('answers companies by risk, hidden dangers and certificates', async () => {
    const list = await get('/api/corp/corplist');
    expect(list.totalCount).toBe(2);
    expect(list.datas.map((c: { companyName: string; riskLevelName: string; riskPointCount: number; openHiddenDangerCount: number }) => [c.companyName, c.riskLevelName, c.riskPointCount, c.openHiddenDangerCount])).toEqual([
      ['示例化工有限公司', '重大风险', 2, 1],
      ['华中危化品储运有限公司', '一般风险', 1, 1],
    ]);
    expect((await get('/api/corp/corprisktotal')).datas.map((d: { value: number }) => d.value)).toEqual([1, 0, 1, 0]);
    expect((await get('/api/corp/hiddendangertotal?beginTime=2026-10-01&endTime=2026-10-31')).data).toEqual({ total: 3, rectified: 1, unrectified: 2, overdue: 1, major: 1 });
    const certs = await get('/api/corp/certexpirtotal?days=30');
    expect(certs.data).toEqual({ expired: 1, expiring: 1, valid: 1, days: 30 });
    expect(certs.datas.map((c: { certNo: string; daysLeft: number }) => `${c.certNo}:${c.daysLeft}`)).toEqual(['AQ-1:-10', 'JY-2:10']);
  });

  it('answers the safety situation panels', async () => {
    expect((await get('/api/securitysituation/corptypetotal')).datas.map((d: { name: string }) => d.name).sort()).toEqual(['储存', '生产'].sort());
    expect((await get('/api/securitysituation/corprisktotal')).datas.map((d: { value: number }) => d.value)).toEqual([1, 0, 1, 0]);
    expect((await get('/api/securitysituation/riskpointtotal')).datas.map((d: { value: number }) => d.value)).toEqual([1, 1, 1, 0]);
    expect((await get('/api/securitysituation/corpriskpointtotal')).data).toEqual({
      categories: ['示例化工有限公司', '华中危化品储运有限公司'],
      series: [
        { name: '重大风险', data: [1, 0] },
        { name: '较大风险', data: [1, 0] },
        { name: '一般风险', data: [0, 1] },
        { name: '低风险', data: [0, 0] },
      ],
    });
    expect((await get('/api/securitysituation/majcorptotal')).data).toEqual({ companies: 2, majorHazardCompanies: 1, majorHazardPoints: 1 });
    expect((await get('/api/securitysituation/majcorpinfo')).datas).toEqual([
      { companyId: expect.any(Number), companyName: '示例化工有限公司', riskLevel: '01', riskLevelName: '重大风险', majorHazardPoints: ['A罐区'] },
    ]);
    expect((await get('/api/securitysituation/corphiddanger?beginTime=2026-10-01&endTime=2026-10-31')).data).toEqual({
      categories: ['示例化工有限公司', '华中危化品储运有限公司'],
      series: [{ name: '已整改', data: [1, 0] }, { name: '未整改', data: [1, 1] }],
    });
    expect((await get('/api/securitysituation/parkhiddanger?beginTime=2026-09-01&endTime=2026-10-31')).data).toEqual({
      categories: ['2026-09', '2026-10'],
      series: [{ name: '发现隐患', data: [0, 3] }, { name: '已整改', data: [0, 1] }],
    });
  });
});
