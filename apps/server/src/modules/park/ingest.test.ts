import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addDevice, arrangePark, ingest } from './testPark.ts';

let t: TestApp;
let admin: string;
let gates: { G1: number; G2: number };
let gate: { id: number; token: string };
let gps: { id: number; token: string };

const at = (iso: string) => `2026-11-20T${iso}+08:00`;
const pass = (eventId: string, plate: string, direction: 1 | 2, time: string, extra: Record<string, unknown> = {}) => ({
  eventId, gateCode: 'G1', plate, direction, passTime: at(time), vehicleType: '1', ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  gates = await arrangePark(t);
  gate = await addDevice(t, admin, 'GATE-1', 'gate', gates.G1);
  gps = await addDevice(t, admin, 'GPS-1', 'gps');
});
afterAll(async () => t?.close());

describe('device tokens', () => {
  it('refuses a missing, wrong or disabled token, and a device type that may not report the kind', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/ingest/gatePasses', payload: { events: [] } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ errCode: 401, errMsg: '设备令牌无效或设备已停用' });
    expect((await ingest(t, 'pd_wrong', 'gatePasses', [])).statusCode).toBe(401);
    const wrongKind = await ingest(t, gps.token, 'gatePasses', [pass('x', '湘A00001', 1, '08:00:00')]);
    expect(wrongKind.statusCode).toBe(403);
    expect(wrongKind.json().errMsg).toBe('车载定位终端不能上报此类数据');

    const extra = await addDevice(t, admin, 'GATE-9', 'gate', gates.G2);
    await t.call(admin, 'POST', '/api/park/device/updateStatus', { id: extra.id, status: 1 });
    expect((await ingest(t, extra.token, 'deviceStates', [{ eventId: 's', online: 1, time: Date.now() }])).statusCode).toBe(401);
    const reset = (await t.call(admin, 'POST', '/api/park/device/resetToken', { id: gate.id })).json().token as string;
    expect((await ingest(t, gate.token, 'deviceStates', [{ eventId: 's', online: 1, time: Date.now() }])).statusCode).toBe(401);
    gate.token = reset;
  });

  it('needs a user with park:device for 设备管理, and never shows a token again', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/park/device/list' });
    expect(anon.statusCode).toBe(401);
    const list = (await t.call(admin, 'GET', '/api/park/device/list?keyword=GATE-1')).json();
    expect(list.totalCount).toBe(1);
    expect(list.datas[0]).toMatchObject({ deviceCode: 'GATE-1', deviceTypeName: '车辆道闸', gateName: '1号门', status: 0 });
    expect(JSON.stringify(list)).not.toContain(gate.token);
    expect((await t.call(admin, 'POST', '/api/park/device/add', { deviceCode: 'gate-1', deviceName: 'x', deviceType: 'gate', gateId: gates.G1 })).json()).toEqual({
      errCode: 409,
      errMsg: '设备编号已存在',
    });
    expect((await t.call(admin, 'POST', '/api/park/device/add', { deviceCode: 'G-X', deviceName: 'x', deviceType: 'gate' })).json().errMsg).toBe('道闸和闸机设备必须选择所在道口');
  });
});

describe('POST /api/ingest/gatePasses', () => {
  it('stores passes once per event id and keeps vehicles in the park by their latest pass', async () => {
    const first = await ingest(t, gate.token, 'gatePasses', [
      pass('p1', '湘A10001', 1, '08:00:00', { vehicleType: '2', hazardousClass: '3', material: '甲醇', loadTons: 30, companyCode: '91340500MA2DEMO01X', routeName: '路线A' }),
      pass('p2', '湘A10002', 1, '08:05:00'),
      pass('p3', '湘A10002', 2, '09:00:00'),
    ]);
    expect(first.json()).toEqual({ errCode: 0, accepted: 3, duplicates: 0 });
    const again = await ingest(t, gate.token, 'gatePasses', [pass('p3', '湘A10002', 2, '09:00:00'), pass('p4', '湘A10003', 1, '09:10:00')]);
    expect(again.json()).toEqual({ errCode: 0, accepted: 1, duplicates: 1 });
    const inPark = await t.sql.query(`select plate, company_name, material from park_vehicle_in_park order by plate`);
    expect(inPark.rows).toEqual([
      { plate: '湘A10001', company_name: '示例化工有限公司', material: '甲醇' },
      { plate: '湘A10003', company_name: null, material: null },
    ]);
    // A late entry older than the exit already stored does not bring the vehicle back.
    await ingest(t, gate.token, 'gatePasses', [pass('p0', '湘A10002', 1, '07:00:00')]);
    expect((await t.sql.query(`select 1 from park_vehicle_in_park where plate = '湘A10002'`)).rowCount).toBe(0);
    const device = await t.sql.query(`select online, last_seen_time from park_device where id = $1`, [gate.id]);
    expect(device.rows[0].online).toBe(1);
  });

  it('refuses the whole batch with every bad event named, storing nothing', async () => {
    const res = await ingest(t, gate.token, 'gatePasses', [
      pass('b1', '湘A20001', 1, '10:00:00'),
      pass('b2', '湘A20002', 1, '10:00:00', { gateCode: 'G9' }),
      pass('b3', 'XYZ', 1, '10:00:00', { companyCode: 'nobody' }),
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errMsg).toMatch(/^共 1 条事件不合法，整批未保存：第3条 车牌号格式不正确：XYZ/);
    // Resolution errors (unknown gate or company) are named once the fields are well formed.
    const res2 = await ingest(t, gate.token, 'gatePasses', [pass('b1', '湘A20001', 1, '10:00:00'), pass('b2', '湘A20002', 1, '10:00:00', { gateCode: 'G9', companyCode: 'nobody' })]);
    expect(res2.json().errors).toEqual([{ index: 1, eventId: 'b2', message: '道口不存在：G9；企业不存在：nobody' }]);
    expect((await t.sql.query(`select 1 from park_gate_pass where event_id like 'b%'`)).rowCount).toBe(0);
  });

  it('takes at most 1,000 events a call', async () => {
    const events = Array.from({ length: 1001 }, (_, i) => pass(`m${i}`, '湘A30001', 1, '10:00:00'));
    const res = await ingest(t, gate.token, 'gatePasses', events);
    expect(res.statusCode).toBe(413);
    expect(res.json().errMsg).toBe('每批最多 1000 条事件，本批 1001 条');
    const ok = await ingest(t, gate.token, 'gatePasses', events.slice(0, 1000));
    expect(ok.json()).toMatchObject({ accepted: 1000 });
  });
});

describe('POST /api/ingest/positions', () => {
  it('raises each rule alarm once, through the same call, and resent positions raise nothing', async () => {
    // 湘A10001 entered on 路线A (纬一路) with a permit until 08:30 was not given: only route and roads apply.
    const fixes = [
      { eventId: 'g1', plate: '湘A10001', time: at('08:10:00'), lat: 28.3, lng: 110.352, speed: 25 },
      { eventId: 'g2', plate: '湘A10001', time: at('08:10:05'), lat: 28.3, lng: 110.353, speed: 45 }, // 超速 on 纬一路 (30)
      { eventId: 'g3', plate: '湘A10001', time: at('08:10:10'), lat: 28.305, lng: 110.36, speed: 35 }, // off 路线A
      { eventId: 'g4', plate: '湘A10001', time: at('08:10:15'), lat: 28.3, lng: 110.37, speed: 10 }, // 罐区, still off route
      { eventId: 'g5', plate: '湘B55555', time: at('08:00:00'), lat: 28.3, lng: 110.355, speed: 0 },
      { eventId: 'g6', plate: '湘B55555', time: at('08:11:00'), lat: 28.3, lng: 110.355, speed: 0 }, // 11 min on a no-parking road (10)
    ];
    const res = await ingest(t, gps.token, 'positions', fixes);
    expect(res.json()).toEqual({ errCode: 0, accepted: 6, duplicates: 0, alarms: 4 });
    const alarms = await t.sql.query(`select plate, alarm_type, alarm_level, source, company_name from park_alarm order by alarm_time, id`);
    expect(alarms.rows.map((a) => `${a.plate} ${a.alarm_type} ${a.alarm_level}`)).toEqual([
      '湘A10001 speeding 03',
      '湘A10001 off_route 02',
      '湘A10001 forbidden_zone 02',
      '湘B55555 long_parking 03',
    ]);
    expect(alarms.rows[0].company_name).toBe('示例化工有限公司');
    const resent = await ingest(t, gps.token, 'positions', fixes);
    expect(resent.json()).toEqual({ errCode: 0, accepted: 0, duplicates: 6, alarms: 0 });
    const track = await t.sql.query(`select plate, active_rules from park_vehicle_track where plate = '湘A10001'`);
    const zone = (await t.sql.query(`select id from park_zone where zone_name = '罐区'`)).rows[0].id;
    expect(track.rows[0].active_rules.sort()).toEqual([`forbidden_zone:${zone}`, 'off_route']);
  });

  it('raises 超时滞留 after the permitted time of the entry', async () => {
    await ingest(t, gate.token, 'gatePasses', [pass('o1', '湘C00001', 1, '08:00:00', { permitUntil: at('09:00:00') })]);
    const res = await ingest(t, gps.token, 'positions', [
      { eventId: 'o1', plate: '湘C00001', time: at('08:59:00'), lat: 28.3, lng: 110.355, speed: 20 },
      { eventId: 'o2', plate: '湘C00001', time: at('09:01:00'), lat: 28.3, lng: 110.356, speed: 20 },
    ]);
    expect(res.json().alarms).toBe(1);
    expect((await t.sql.query(`select content from park_alarm where plate = '湘C00001'`)).rows[0].content).toBe('车辆湘C00001超过准许停留时间 1 分钟仍在园区');
  });
});

describe('POST /api/ingest/alarms and deviceStates', () => {
  it('stores device alarms once, defaults the level by type, and tells the administrators of a level-1 alarm', async () => {
    const alarmHost = await addDevice(t, admin, 'ALM-1', 'alarm');
    const events = [
      { eventId: 'a1', alarmType: 'gas_leak', time: at('11:00:00'), content: '3号罐区可燃气体浓度超标', lat: 28.3, lng: 110.37 },
      { eventId: 'a2', alarmType: 'intrusion', alarmLevel: '03', time: at('11:01:00') },
    ];
    expect((await ingest(t, alarmHost.token, 'alarms', events)).json()).toEqual({ errCode: 0, accepted: 2, duplicates: 0 });
    expect((await ingest(t, alarmHost.token, 'alarms', events)).json()).toEqual({ errCode: 0, accepted: 0, duplicates: 2 });
    const rows = await t.sql.query(`select alarm_level, content from park_alarm where source = 'device' order by event_id`);
    expect(rows.rows).toEqual([
      { alarm_level: '01', content: '3号罐区可燃气体浓度超标' },
      { alarm_level: '03', content: '设备ALM-1：周界入侵' },
    ]);
    const msgs = await t.sql.query(`select title, big_type from msg_message where title like '一级报警%'`);
    expect(msgs.rows).toEqual([{ title: '一级报警：可燃气体泄漏', big_type: 3 }]);
    const bad = await ingest(t, alarmHost.token, 'alarms', [{ eventId: 'a3', alarmType: 'ufo', time: at('11:00:00'), lat: 28.3 }]);
    expect(bad.json().errors[0].message).toBe('报警类型取值不正确：ufo');
  });

  it('follows the newest state report', async () => {
    const res = await ingest(t, gps.token, 'deviceStates', [
      // Newer than the last report (positions just now): the newest of the two, offline, wins.
      { eventId: 's1', online: 0, time: Date.now() + 60_000 },
      { eventId: 's2', online: 1, time: Date.now() + 30_000 },
    ]);
    expect(res.json()).toEqual({ errCode: 0, accepted: 2, duplicates: 0 });
    expect((await t.sql.query(`select online from park_device where id = $1`, [gps.id])).rows[0].online).toBe(0);
  });

  it('marks a device that reported itself offline alive again on its next report, though it reported a moment ago', async () => {
    // The positions above touched the device within 10 s; the state report must not leave that memo standing.
    const res = await ingest(t, gps.token, 'positions', [{ eventId: 'alive-1', plate: '湘C00001', time: at('09:00:00'), lat: 28.3, lng: 110.352, speed: 20 }]);
    expect(res.statusCode).toBe(200);
    expect((await t.sql.query(`select online from park_device where id = $1`, [gps.id])).rows[0].online).toBe(1);
  });
});
