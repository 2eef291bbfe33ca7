import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { addUser, roleIdByCode } from '../../admin/testHelpers.ts';
import { addDevice, arrangePark, ingest } from '../testPark.ts';

let t: TestApp;
let admin: string;
let gates: { G1: number; G2: number };
let gps: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  gates = await arrangePark(t);
  await t.sql.query(`update park_gate set lng = 110.35, lat = 28.3 where gate_code = 'G1'; update park_gate set lng = 110.36, lat = 28.31 where gate_code = 'G2'`);
  const cam = await addDevice(t, admin, 'CAM-1', 'gate', gates.G1);
  const host = await addDevice(t, admin, 'BC-1', 'broadcast');
  const video = await addDevice(t, admin, 'VID-1', 'camera');
  gps = (await addDevice(t, admin, 'GPS-1', 'gps')).token;
  await t.sql.query(`update park_device set online = 1 where id = $1`, [cam.id]);
  await t.sql.query(`insert into park_broadcast_zone (zone_name, device_id) values ('广场', $1), ('罐区', $1)`, [host.id]);
  await t.sql.query(`insert into park_device_place (device_id, lat, lng, channel_id) values ($1, 28.301, 110.351, null), ($2, 28.302, 110.352, '1000001$1$0$0')`, [host.id, video.id]);
  // A hazardous vehicle enters and reports three positions; an ordinary one enters and reports none.
  await ingest(t, cam.token, 'gatePasses', [
    { eventId: 'p1', gateCode: 'G1', plate: '湘A11111', direction: 1, passTime: Date.now() - 30 * 60_000, vehicleType: '2', hazardousClass: '3', material: '甲醇', loadTons: 20 },
    { eventId: 'p2', gateCode: 'G1', plate: '湘A22222', direction: 1, passTime: Date.now() - 30 * 60_000, vehicleType: '1' },
  ]);
  const at = (min: number, lng: number) => ({ eventId: `g${min}`, plate: '湘A11111', time: Date.now() - min * 60_000, lat: 28.3, lng, speed: 20 });
  const res = await ingest(t, gps, 'positions', [at(90, 110.351), at(20, 110.352), at(10, 110.353), at(5, 110.354)]);
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t?.close());

const get = (url: string, cookie = admin) => t.call(cookie, 'GET', url);

describe('park console calls', () => {
  it('answers the map layers: gates with their cameras state, roads, zones, placed hosts and cameras', async () => {
    const body = (await get('/api/park/console/map')).json();
    expect(body.gates).toEqual([
      { id: gates.G1, gateCode: 'G1', gateName: '1号门', position: [110.35, 28.3], online: 1 },
      { id: gates.G2, gateCode: 'G2', gateName: '2号门', position: [110.36, 28.31], online: null },
    ]);
    expect(body.roads.map((r: { name: string }) => r.name)).toEqual(['纬一路', '经一路']);
    expect(body.zones).toEqual([expect.objectContaining({ name: '罐区', type: 'forbidden' })]);
    expect(body.devices).toEqual([
      expect.objectContaining({ deviceCode: 'BC-1', deviceType: 'broadcast', position: [110.351, 28.301], zones: ['广场', '罐区'], channelId: null }),
      expect.objectContaining({ deviceCode: 'VID-1', deviceType: 'camera', position: [110.352, 28.302], channelId: '1000001$1$0$0' }),
    ]);
  });

  it('answers the last hour of hazardous vehicles in the park, oldest first', async () => {
    const body = (await get('/api/park/console/tracks')).json();
    expect(body.minutes).toBe(60);
    expect(body.datas).toHaveLength(1);
    expect(body.datas[0]).toMatchObject({ plate: '湘A11111', material: '甲醇', hazardousClassName: '易燃液体' });
    expect(body.datas[0].points.map((p: { position: number[] }) => p.position[0])).toEqual([110.352, 110.353, 110.354]);
    expect((await get('/api/park/console/tracks?minutes=120')).json().datas[0].points).toHaveLength(4);
    expect((await get('/api/park/console/tracks?minutes=0')).statusCode).toBe(400);
  });

  it('routes an evacuation along the roads to the nearest gate', async () => {
    // Beside the junction: 10 m to 经一路 (its nearest road), 11 m down to the junction, 970 m west
    // along 纬一路 to 1号门 — shorter than ~1,100 m up 经一路 to 2号门.
    const body = (await get('/api/park/console/evacuation?lat=28.3001&lng=110.3599')).json();
    expect(body).toMatchObject({ errCode: 0, exitId: gates.G1, exitName: '1号门', straight: false });
    expect(body.path[0]).toEqual([110.3599, 28.3001]);
    expect(body.path.at(-1)).toEqual([110.35, 28.3]);
    expect(body.lengthM).toBeGreaterThan(990);
    expect(body.lengthM).toBeLessThan(1010);
    // Near the top of 经一路, 2号门 is closer.
    expect((await get('/api/park/console/evacuation?lat=28.309&lng=110.3601')).json()).toMatchObject({ exitName: '2号门' });
    expect((await get('/api/park/console/evacuation?lat=91&lng=110')).statusCode).toBe(400);
  });

  it('lists the logged commands by kind and the white list', async () => {
    await t.call(admin, 'POST', '/api/hik/door/open', { gateId: gates.G1 });
    await t.call(admin, 'POST', '/api/project/commonCar/syncWhiteCar', { plates: '湘A12345', gateIds: [gates.G2], validFrom: '2026-12-01', validTo: '2026-12-31', ownerName: '示例化工' });
    const doors = (await get('/api/park/console/commandLog?kind=door')).json();
    expect(doors).toMatchObject({ errCode: 0, totalCount: 1, datas: [{ command: '开闸', target: '1号门', username: 'admin', ok: true, message: '1号门道闸已开启' }] });
    const zones = await t.sql.query<{ id: string }>(`select id from park_broadcast_zone order by id`);
    await t.call(admin, 'POST', '/api/broadcast/controlHostPlayOther', { zoneIds: zones.rows.map((z) => z.id).join(','), text: '演练' });
    expect((await get('/api/park/console/commandLog?kind=broadcast')).json().datas).toMatchObject([{ command: '文字广播', target: '广场、罐区' }]);
    expect((await get('/api/park/console/commandLog')).json().totalCount).toBe(3);
    expect((await get('/api/park/console/commandLog?kind=nope')).statusCode).toBe(400);
    const white = (await get('/api/park/console/whiteList?plate=湘a1')).json();
    expect(white).toMatchObject({ totalCount: 1, datas: [{ plate: '湘A12345', gateName: '2号门', validFrom: '2026-12-01 00:00:00', validTo: '2027-01-01 00:00:00', ownerName: '示例化工' }] });
  });

  it('refuses callers without park:view', async () => {
    const user = await addUser(t, admin, 'noview', { roleIds: [await roleIdByCode(t, 'company_user')] });
    const cookie = await t.login(user.username, user.password);
    for (const url of ['/api/park/console/map', '/api/park/console/tracks', '/api/park/console/evacuation?lat=28.3&lng=110.35', '/api/park/console/commandLog', '/api/park/console/whiteList']) {
      expect((await get(url, cookie)).statusCode).toBe(403);
    }
  });
});
