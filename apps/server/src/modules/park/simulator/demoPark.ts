import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { newDeviceToken } from '../devices/tokens.ts';

/*
 * The demo park around the console's map centre (spec 002 §9, about 110.354 / 28.303): three
 * gates, four roads, a forbidden tank farm, two planned routes for hazardous vehicles, devices,
 * broadcast zones and a music library, and the park's view of the two demo companies.
 */
const C = { lng: 110.354, lat: 28.303 };
const at = (dx: number, dy: number): [number, number] => [Number((C.lng + dx).toFixed(6)), Number((C.lat + dy).toFixed(6))];

export const DEMO_GATES = [
  { code: 'G01', name: '1号门（西门）', pos: at(-0.009, 0) },
  { code: 'G02', name: '2号门（东门）', pos: at(0.01, 0) },
  { code: 'G03', name: '3号门（危化品专用）', pos: at(0, -0.008) },
] as const;

export const DEMO_ROADS = [
  { name: '园区大道', path: [at(-0.009, 0), at(0.01, 0)], speed: 40, noParking: false, maxStop: 30 },
  { name: '化工一路', path: [at(0, -0.008), at(0, 0.008)], speed: 30, noParking: true, maxStop: 15 },
  { name: '化工二路', path: [at(-0.005, 0), at(-0.005, 0.006), at(0.005, 0.006)], speed: 30, noParking: false, maxStop: 30 },
  { name: '储运路', path: [at(0.005, 0), at(0.005, -0.006), at(0.009, -0.006)], speed: 20, noParking: true, maxStop: 10 },
] as const;

export const DEMO_ROUTES = [
  { name: '危化品运输路线A（3号门—储运区）', roads: ['化工一路', '园区大道', '储运路'] },
  { name: '危化品运输路线B（1号门—生产区）', roads: ['园区大道', '化工二路'] },
] as const;

const FORBIDDEN = [at(0.0065, 0.0025), at(0.0095, 0.0025), at(0.0095, 0.0045), at(0.0065, 0.0045)];

const DEVICES: Array<{ code: string; name: string; type: string; gate?: string; online?: number }> = [
  { code: 'CAM-G01-IN', name: '1号门入口车牌识别', type: 'gate', gate: 'G01' },
  { code: 'CAM-G02-IN', name: '2号门车牌识别', type: 'gate', gate: 'G02' },
  { code: 'CAM-G03-IN', name: '3号门车牌识别', type: 'gate', gate: 'G03' },
  { code: 'FACE-G01', name: '1号门人脸闸机', type: 'person_gate', gate: 'G01' },
  { code: 'FACE-G02', name: '2号门人脸闸机', type: 'person_gate', gate: 'G02' },
  { code: 'GPS-PLATFORM', name: '危化品车辆定位平台', type: 'gps' },
  { code: 'ALARM-HOST-1', name: '罐区报警主机', type: 'alarm' },
  { code: 'ALARM-HOST-2', name: '生产区报警主机', type: 'alarm' },
  { code: 'BC-HOST-1', name: '1号广播主机', type: 'broadcast' },
  { code: 'BC-HOST-2', name: '2号广播主机', type: 'broadcast' },
  { code: 'VID-001', name: '罐区全景摄像机', type: 'camera' },
  { code: 'VID-002', name: '园区大道摄像机', type: 'camera' },
  { code: 'VID-003', name: '储运路摄像机', type: 'camera', online: 0 },
];

/** Builds the demo park once (its own seed key), so a restart or a hand-made park is left alone. */
export async function ensureDemoPark(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sys_seed_applied').values({ key: 'park-demo-v1' }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    if (!claimed) return false;
    if (await trx.selectFrom('park_gate').select('id').executeTakeFirst()) return false;

    const gates = await trx
      .insertInto('park_gate')
      .values(DEMO_GATES.map((g, i) => ({ gate_code: g.code, gate_name: g.name, lng: g.pos[0], lat: g.pos[1], order_index: i })))
      .returning(['id', 'gate_code'])
      .execute();
    const gateId = new Map(gates.map((g) => [g.gate_code, g.id]));
    await trx
      .insertInto('park_lane')
      .values(gates.flatMap((g) => [{ gate_id: g.id, lane_name: '入口车道', direction: 1 }, { gate_id: g.id, lane_name: '出口车道', direction: 2 }]))
      .execute();
    const roads = await trx
      .insertInto('park_road')
      .values(DEMO_ROADS.map((r) => ({ road_name: r.name, path: JSON.stringify(r.path), width_m: 24, speed_limit: r.speed, no_parking: r.noParking, max_stop_minutes: r.maxStop })))
      .returning(['id', 'road_name'])
      .execute();
    const roadId = new Map(roads.map((r) => [r.road_name, r.id]));
    await trx.insertInto('park_route').values(DEMO_ROUTES.map((r) => ({ route_name: r.name, road_ids: r.roads.map((n) => roadId.get(n)!) }))).execute();
    await trx
      .insertInto('park_zone')
      .values([
        { zone_name: '甲类罐区（禁行）', zone_type: 'forbidden', polygon: JSON.stringify(FORBIDDEN) },
        { zone_name: '综合办公区', zone_type: 'area', polygon: JSON.stringify([at(-0.009, 0.001), at(-0.006, 0.001), at(-0.006, 0.004), at(-0.009, 0.004)]) },
      ])
      .execute();

    const devices = await trx
      .insertInto('park_device')
      .values(
        DEVICES.map((d) => {
          // Demo devices report through the simulator, in process; their tokens are never shown.
          const t = newDeviceToken();
          return { device_code: d.code, device_name: d.name, device_type: d.type, gate_id: d.gate ? gateId.get(d.gate)! : null, token_hash: t.hash, token_hint: t.hint, online: d.online ?? 1, last_seen_time: new Date(), remark: '演示园区设备' };
        }),
      )
      .returning(['id', 'device_code'])
      .execute();
    const deviceId = new Map(devices.map((d) => [d.device_code, d.id]));
    await trx
      .insertInto('park_broadcast_zone')
      .values([
        { zone_name: '1号门广场', device_id: deviceId.get('BC-HOST-1')! },
        { zone_name: '生产区', device_id: deviceId.get('BC-HOST-1')! },
        { zone_name: '罐区', device_id: deviceId.get('BC-HOST-2')! },
        { zone_name: '综合办公区', device_id: deviceId.get('BC-HOST-2')! },
      ])
      .execute();
    await trx
      .insertInto('park_broadcast_file')
      .values([
        { group_name: '安全宣传', file_name: '安全生产须知.mp3', duration_s: 180 },
        { group_name: '安全宣传', file_name: '危化品运输安全规范.mp3', duration_s: 240 },
        { group_name: '应急广播', file_name: '紧急疏散通知.mp3', duration_s: 60 },
        { group_name: '应急广播', file_name: '消防演练通知.mp3', duration_s: 90 },
        { group_name: '背景音乐', file_name: '轻音乐01.mp3', duration_s: 300 },
      ])
      .execute();

    // The park's view of the platform's companies: risk, risk points, hidden dangers, certificates.
    const companies = await trx.selectFrom('sys_company').select(['id', 'company_name']).where('status', '=', '1').orderBy('id').execute();
    const types = ['生产', '储存', '经营', '使用'];
    const levels = ['01', '03', '02', '04'];
    for (const [i, c] of companies.entries()) {
      await trx.insertInto('park_company_profile').values({ company_id: c.id, risk_level: levels[i % 4]!, corp_type: types[i % 4]!, major_hazard: i % 2 === 0 }).execute();
      await trx
        .insertInto('park_risk_point')
        .values([
          { company_id: c.id, point_name: `${c.company_name.slice(0, 2)}储罐区`, risk_level: levels[i % 4]!, major_hazard: i % 2 === 0 },
          { company_id: c.id, point_name: `${c.company_name.slice(0, 2)}装卸站台`, risk_level: '02', major_hazard: false },
          { company_id: c.id, point_name: `${c.company_name.slice(0, 2)}仓库`, risk_level: '03', major_hazard: false },
        ])
        .execute();
      await trx
        .insertInto('park_certificate')
        .values([
          { company_id: c.id, cert_name: '安全生产许可证', cert_no: `AQ-${c.id}-01`, expire_date: sql<string>`current_date + ${20 + i * 200}::int` as unknown as string },
          { company_id: c.id, cert_name: '危险化学品经营许可证', cert_no: `WH-${c.id}-02`, expire_date: sql<string>`current_date + ${-5 + i * 90}::int` as unknown as string },
        ])
        .execute();
    }
    return true;
  });
}
