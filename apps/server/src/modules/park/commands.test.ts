import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { addUser, roleIdByCode } from '../admin/testHelpers.ts';
import { addDevice, arrangePark } from './testPark.ts';

let t: TestApp;
let admin: string;
let gates: { G1: number; G2: number };
let zones: { yard: number; tanks: number; office: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  gates = await arrangePark(t);
  const host1 = await addDevice(t, admin, 'BC-1', 'broadcast');
  const host2 = await addDevice(t, admin, 'BC-2', 'broadcast');
  await t.sql.query(`update park_device set online = case when id = $1 then 1 else 0 end where device_type = 'broadcast'`, [host1.id]);
  const z = await t.sql.query(
    `insert into park_broadcast_zone (zone_name, device_id) values ('广场', $1), ('罐区', $2), ('办公区', null) returning id`,
    [host1.id, host2.id],
  );
  zones = { yard: Number(z.rows[0].id), tanks: Number(z.rows[1].id), office: Number(z.rows[2].id) };
  await t.sql.query(`insert into park_broadcast_file (group_name, file_name, duration_s) values ('安全宣传', '安全生产须知.mp3', 180), ('应急广播', '紧急疏散通知.mp3', 60)`);
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown, cookie = admin) => t.call(cookie, 'POST', url, body);

describe('door and white list', () => {
  it('opens a gate through the simulator, logs who did it, and refuses an unknown gate', async () => {
    const res = await post('/api/hik/door/open', { gateId: gates.G1 });
    expect(res.json()).toEqual({ errCode: 0, result: { ok: true, code: '0', message: '1号门道闸已开启' } });
    const log = await t.sql.query(`select command, target, username, ok from park_command_log`);
    expect(log.rows).toEqual([{ command: '开闸', target: '1号门', username: 'admin', ok: true }]);
    const audit = await t.sql.query(`select action, module, result from sys_operation_log where action = '开闸'`);
    expect(audit.rows).toEqual([{ action: '开闸', module: '园区设备控制', result: 0 }]);
    expect((await post('/api/hik/door/open', { gateId: 999 })).json()).toEqual({ errCode: 404, errMsg: '道口不存在' });
  });

  it('stores and sends a white list for chosen gates, and checks plates and dates', async () => {
    const res = await post('/api/project/commonCar/syncWhiteCar', { plates: '湘a12345,湘B54321', gateIds: `${gates.G1},${gates.G2}`, validFrom: '2026-12-01', validTo: '2026-12-31', ownerName: '示例化工' });
    expect(res.json()).toEqual({ errCode: 0, result: { ok: true, code: '0', message: '已下发 2 条白名单', data: { synced: 2 } } });
    const rows = await t.sql.query(`select plate, count(*)::int as n from park_white_list group by 1 order by 1`);
    expect(rows.rows).toEqual([{ plate: '湘A12345', n: 2 }, { plate: '湘B54321', n: 2 }]);
    // Sent again with new dates: updated, not duplicated.
    await post('/api/project/commonCar/syncWhiteCar', { plates: ['湘A12345'], gateIds: [gates.G1], validFrom: '2026-12-01', validTo: '2027-01-31' });
    expect((await t.sql.query(`select count(*)::int as n from park_white_list`)).rows[0].n).toBe(4);
    expect((await post('/api/project/commonCar/syncWhiteCar', { plates: 'ABC', validFrom: '2026-12-01', validTo: '2026-12-31' })).json().errMsg).toBe('车牌号格式不正确：ABC');
    expect((await post('/api/project/commonCar/syncWhiteCar', { plates: '湘A12345', validFrom: '2026-12-31', validTo: '2026-12-01' })).json().errMsg).toBe('有效期开始时间必须早于结束时间');
  });

  it('refuses commands to users without park:command', async () => {
    const user = await addUser(t, admin, 'cmduser', { roleIds: [await roleIdByCode(t, 'company_user')] });
    const cookie = await t.login(user.username, user.password);
    expect((await post('/api/hik/door/open', { gateId: gates.G1 }, cookie)).statusCode).toBe(403);
    expect((await post('/api/broadcast/stopMsg', { zoneIds: String(zones.yard) }, cookie)).statusCode).toBe(403);
  });
});

describe('broadcast', () => {
  it('plays text, music and a capture card to zones, sets the volume, stops, and reports the hosts’ state', async () => {
    expect((await post('/api/broadcast/setVolume', { zoneIds: String(zones.yard), volume: 80 })).json().result.message).toBe('音量已设置为 80');
    expect((await post('/api/broadcast/controlHostPlayOther', { zoneIds: [zones.yard], text: '请各车辆减速慢行', repeat: 3 })).json().result.message).toBe('文字广播已开始，播放 3 遍');
    let info = (await t.call(admin, 'GET', '/api/broadcast/getBroadcastInfo')).json().datas;
    expect(info[0]).toMatchObject({ zoneName: '广场', deviceName: '设备BC-1', online: 1, volume: 80, playing: { kind: 'text', name: '请各车辆减速慢行' } });
    expect(info[2]).toMatchObject({ zoneName: '办公区', deviceId: null, volume: null });

    expect((await t.call(admin, 'GET', '/api/broadcast/getServerGroupDirName')).json().datas).toEqual(['安全宣传', '应急广播']);
    const music = (await t.call(admin, 'GET', `/api/broadcast/getGroupingMusicInfo?groupName=${encodeURIComponent('应急广播')}`)).json().datas;
    expect(music).toEqual([{ id: expect.any(Number), groupName: '应急广播', fileName: '紧急疏散通知.mp3', durationS: 60 }]);
    expect((await post('/api/broadcast/playMusic', { zoneIds: String(zones.yard), musicIds: String(music[0].id) })).json().result.message).toBe('正在播放 1 首曲目');

    const cards = (await t.call(admin, 'GET', '/api/broadcast/getServiceAudioCollectionDevice')).json().datas;
    expect(cards[0]).toEqual({ cardId: 'mic-1', cardName: '调度台话筒' });
    expect((await post('/api/broadcast/controlHostPlayAudioCollectCard', { zoneIds: String(zones.yard), cardId: 'mic-1' })).json().result.message).toBe('正在通过调度台话筒广播');
    expect((await post('/api/broadcast/stopMsg', { zoneIds: String(zones.yard) })).json().result.message).toBe('已停止播放');
    info = (await t.call(admin, 'GET', '/api/broadcast/getBroadcastInfo')).json().datas;
    expect(info[0].playing).toBeNull();
  });

  it('answers an offline host with the device’s refusal (502) and logs the failure; a zone without a host is a 400', async () => {
    const res = await post('/api/broadcast/controlHostPlayOther', { zoneIds: `${zones.yard},${zones.tanks}`, text: '演练' });
    expect(res.statusCode).toBe(502);
    expect(res.json().errMsg).toBe('设备执行失败：广播主机离线：设备BC-2');
    const log = await t.sql.query(`select ok from park_command_log where command = '文字广播' order by id desc limit 1`);
    expect(log.rows[0].ok).toBe(false);
    expect((await post('/api/broadcast/stopMsg', { zoneIds: String(zones.office) })).json().errMsg).toBe('广播分区未绑定可用的广播主机：办公区');
    expect((await post('/api/broadcast/playExternMusic', { zoneIds: String(zones.yard), fileId: 99999 })).json().errMsg).toBe('文件不存在或已被删除');
  });
});

describe('gateway adapter', () => {
  it('forwards a command to PARK_GATEWAY_URL and answers with the gateway’s result', async () => {
    const seen: unknown[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, ...JSON.parse(body) });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: false, code: 'E17', message: '道闸故障' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cmd`;
    const g = await createTestApp({ park: { simulator: false, deviceAdapter: 'gateway', gatewayUrl: url, gatewayToken: 'secret' } });
    try {
      await arrangePark(g);
      const cookie = await g.login();
      const gate = (await g.sql.query(`select id from park_gate where gate_code = 'G2'`)).rows[0].id;
      const res = await g.call(cookie, 'POST', '/api/hik/door/open', { gateId: Number(gate) });
      expect(res.statusCode).toBe(502);
      expect(res.json().errMsg).toBe('设备执行失败：道闸故障');
      expect(seen).toEqual([{ auth: 'Bearer secret', command: 'door.open', params: { gate: { id: gate, code: 'G2', name: '2号门' }, laneId: null } }]);
    } finally {
      await g.close();
      server.close();
    }
  });
});
