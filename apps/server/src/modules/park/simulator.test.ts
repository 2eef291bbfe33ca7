import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ParkSimulator } from './simulator/live.ts';

let t: TestApp;
let admin: string;
let simulator: ParkSimulator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const services = t.booted.ctx.park;
  simulator = new ParkSimulator(t.booted.ctx.db, services.ingest, services.layout, pino({ level: 'warn' }));
});
afterAll(async () => {
  simulator?.stop();
  await t?.close();
});

describe('demo park simulator', () => {
  it('builds the park and a month of history at first start, quickly, and only once', async () => {
    const first = await simulator.start(30);
    simulator.stop();
    expect(first.created).toBe(true);
    console.log(`demo park + 30 days of history: ${first.ms} ms`);
    expect(first.ms).toBeLessThan(15_000);
    const counts = await t.sql.query(`select
      (select count(*)::int from park_gate_pass) as passes, (select count(*)::int from park_alarm) as alarms,
      (select count(*)::int from park_person_pass) as people, (select count(*)::int from park_hidden_danger) as dangers,
      (select count(*)::int from park_vehicle_in_park) as in_park, (select count(*)::int from park_device) as devices`);
    const c = counts.rows[0];
    expect(c.passes).toBeGreaterThan(5000);
    expect(c.alarms).toBeGreaterThan(100);
    expect(c.people).toBeGreaterThan(5000);
    expect(c.dangers).toBe(60);
    expect(c.in_park).toBeGreaterThan(0);
    expect((await simulator.start(30)).created).toBe(false);
    simulator.stop();

    // Every day of the month has traffic, and every violation type shows up.
    const days = (await t.call(admin, 'GET', '/api/statistics/park/count/everydaytotal')).json().data;
    expect(days.series[0].data.slice(0, 29).every((n: number) => n > 0)).toBe(true);
    const types = (await t.call(admin, 'GET', '/api/statistics/park/violat/count')).json().datas;
    expect(types.every((d: { value: number }) => d.value > 0)).toBe(true);
  });

  it('lets a hazardous vehicle in, drives it along its route and the rules raise its alarms', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.01);
    try {
      const start = Date.now();
      for (let i = 0; i < 3; i++) await simulator.tick(start + i * 5000);
    } finally {
      random.mockRestore();
    }
    const plate = '湘A10899';
    expect((await t.sql.query(`select vehicle_type, route_id is not null as routed from park_vehicle_in_park where plate = $1`, [plate])).rows).toEqual([{ vehicle_type: '2', routed: true }]);
    expect((await t.sql.query(`select count(*)::int as n from park_position where plate = $1`, [plate])).rows[0].n).toBe(3);
    const alarms = await t.sql.query(`select alarm_type from park_alarm where plate = $1 and source = 'rule'`, [plate]);
    expect(alarms.rows.map((r) => r.alarm_type)).toContain('speeding');
  });
});
