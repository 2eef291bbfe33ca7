import type { TestApp } from '../../../test/testApp.ts';

/**
 * A small park for the tests: two gates, two roads, a forbidden zone and a route, by SQL on the
 * file's own database. The layout cache is dropped so the next call sees it.
 */
export async function arrangePark(t: TestApp) {
  await t.sql.query(`
    insert into park_gate (gate_code, gate_name, order_index) values ('G1', '1号门', 0), ('G2', '2号门', 1);
    insert into park_road (road_name, path, width_m, speed_limit, no_parking, max_stop_minutes) values
      ('纬一路', '[[110.35, 28.3], [110.36, 28.3]]', 20, 30, true, 10),
      ('经一路', '[[110.36, 28.3], [110.36, 28.31]]', 20, 40, false, 30);
    insert into park_zone (zone_name, zone_type, polygon) values
      ('罐区', 'forbidden', '[[110.369, 28.299], [110.371, 28.299], [110.371, 28.301], [110.369, 28.301]]');
    insert into park_route (route_name, road_ids) select '路线A', array[id] from park_road where road_name = '纬一路';`);
  const ids = await t.sql.query<{ gate_code: string; id: string }>(`select gate_code, id from park_gate`);
  return Object.fromEntries(ids.rows.map((r) => [r.gate_code, Number(r.id)])) as { G1: number; G2: number };
}

/** Adds a device through 设备管理 and answers its id and token. */
export async function addDevice(t: TestApp, cookie: string, deviceCode: string, deviceType: string, gateId?: number) {
  const res = await t.call(cookie, 'POST', '/api/park/device/add', { deviceCode, deviceName: `设备${deviceCode}`, deviceType, gateId: gateId ?? null });
  if (res.statusCode !== 200) throw new Error(`device add failed: ${res.body}`);
  return res.json() as { id: number; token: string };
}

export function ingest(t: TestApp, token: string, kind: string, events: unknown[]) {
  return t.app.inject({ method: 'POST', url: `/api/ingest/${kind}`, headers: { authorization: `Bearer ${token}` }, payload: { events } });
}
