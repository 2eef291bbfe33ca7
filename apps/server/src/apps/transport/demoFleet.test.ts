import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { nextHazardousPlate, UNEXPECTED_SHARE } from '../../modules/park/simulator/arrivals.ts';
import { ParkSimulator } from '../../modules/park/simulator/live.ts';
import { demoFleet } from './demoFleet.ts';
import { TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
import { installTransportApp } from './seed.ts';
import { parkDay } from './waybills.ts';

/*
 * The demo park's hazardous traffic (issue 41): the demo fleet files the park day's waybills through
 * the platform's calls and the receiving side approves them; the simulator's hazardous arrivals are
 * then mostly those vehicles (no alarm, 门岗运单 shows their waybills), about one in ten a vehicle
 * nobody filed for, which raises 无有效运单入园.
 */

let t: TestApp;
let admin: string;
const logger = pino({ level: 'warn' });
const today = parkDay(Date.now());
// Half past midnight in the park: the UTC calendar still says yesterday, the waybills must say today.
const earlyMorning = Date.parse(`${today}T00:30:00+08:00`);
const waybillForm = () =>
  t.sql.query<{ id: string }>(`select local_id as id from app_package_part p join app_package a on a.id = p.package_id where a.code = $1 and p.kind = 'form' and p.code = $2`, [TRANSPORT_APP.code, TRANSPORT_FORMS.waybill]).then((r) => r.rows[0]!.id);
/** A simulator on the demo park (built by the first; a day of history), not ticking: the test drives it. */
const simulator = async () => {
  const park = t.booted.ctx.park;
  const sim = new ParkSimulator(t.booted.ctx.db, park.ingest, park.layout, logger, demoFleet(t.app, t.booted.ctx, logger));
  await sim.start(1);
  sim.stop();
  return sim;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await installTransportApp(t.booted.ctx);
});
afterAll(() => t?.close());

describe('the next hazardous arrival', () => {
  it('is an expected vehicle not already inside, one in ten nobody expects, nobody when all are inside', () => {
    expect(nextHazardousPlate([], new Set(), Math.random)).toBe('unexpected');
    expect(nextHazardousPlate(['皖A30001', '皖A30002'], new Set(['皖A30001', '皖A30002']), Math.random)).toBeNull();
    expect(nextHazardousPlate(['皖A30001', '皖A30002'], new Set(['皖A30001']), () => 0.5)).toBe('皖A30002');
    let unexpected = 0;
    for (let i = 0; i < 10_000; i++) if (nextHazardousPlate(['皖A30001', '皖A30002'], new Set(), Math.random) === 'unexpected') unexpected++;
    expect(unexpected / 10_000).toBeGreaterThan(UNEXPECTED_SHARE - 0.02);
    expect(unexpected / 10_000).toBeLessThan(UNEXPECTED_SHARE + 0.02);
  });
});

describe('the demo fleet and the park simulator', () => {
  it('files and approves the park day’s waybills through the platform, once a day', async () => {
    const fleet = demoFleet(t.app, t.booted.ctx, logger);
    expect((await fleet.plates(earlyMorning)).sort()).toEqual(['皖A30001', '皖A30002']);
    expect(await fleet.plates(earlyMorning + 60_000)).toHaveLength(2);
    const form = await waybillForm();
    const rows = await t.sql.query(
      `select w.plan_time, w.waybill_status, u.username as filed_by, fi.approve_status,
         (select string_agg(distinct a.username, ',') from flow_task ft join sys_user a on a.id = ft.assignee_id where ft.instance_id = fi.id) as approvers
       from form_${form} w join sys_user u on u.id = w.create_by join flow_instance fi on fi.form_id = $1 and fi.business_id::text = w.id::text order by w.id`,
      [form],
    );
    // Filed by the fleet's clerk as the park day's, approved by the receiving side's own people.
    expect(rows.rows).toEqual(Array(2).fill({ plan_time: today, waybill_status: '有效', filed_by: 'tp_chenli', approve_status: '1', approvers: 'tp_liuyang' }));
    // The day has its waybills: a new fleet (a restarted server) files none again.
    await demoFleet(t.app, t.booted.ctx, logger).plates(earlyMorning);
    expect((await t.sql.query(`select count(*)::int n from form_${form}`)).rows[0].n).toBe(2);
    // Its people's sessions were signed out.
    expect((await t.sql.query(`select count(*)::int n from sys_session s join sys_user u on u.id = s.user_id where u.username in ('tp_chenli', 'tp_liuyang')`)).rows[0].n).toBe(0);
  });

  it('brings the waybills’ vehicles in without an alarm, and one nobody filed for with 无有效运单入园', async () => {
    const sim = await simulator();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const came: Array<string | null> = [];
    try {
      for (let i = 0; i < 3; i++) came.push(await sim.arrive(earlyMorning + i * 5000, true));
    } finally {
      random.mockRestore();
    }
    // Both filed vehicles come in; with both inside, nobody else arrives.
    expect(came.slice(0, 2).sort()).toEqual(['皖A30001', '皖A30002']);
    expect(came[2]).toBeNull();
    const noWaybill = (plates: string[]) => t.sql.query(`select plate, content from park_alarm where alarm_type = 'no_waybill' and plate = any($1)`, [plates]).then((r) => r.rows);
    expect(await noWaybill(['皖A30001', '皖A30002'])).toEqual([]);
    const view = (await t.call(admin, 'GET', '/api/transport/gate')).json().datas as Array<{ plate: string; valid: boolean; waybill: { planTime: string } | null }>;
    expect(view.filter((v) => v.plate.startsWith('皖A3')).map((v) => [v.plate, v.valid, v.waybill?.planTime]).sort()).toEqual([['皖A30001', true, today], ['皖A30002', true, today]]);

    // One in ten: a vehicle nobody expects.
    const unexpected = vi.spyOn(Math, 'random').mockReturnValue(UNEXPECTED_SHARE / 2);
    const other = await simulator();
    let plate: string | null;
    try {
      plate = await other.arrive(earlyMorning + 20_000, true);
    } finally {
      unexpected.mockRestore();
    }
    expect(plate).toMatch(/^湘/);
    expect(await noWaybill([plate!])).toEqual([{ plate, content: `危化品车辆 ${plate} 入园：无当日电子运单（运单 无）` }]);
  });
});
