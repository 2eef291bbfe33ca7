import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { findInstalledApp } from '../../modules/apppackage/index.ts';
import type { ExpectedArrivals } from '../../modules/park/index.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { TRANSPORT_APP, TRANSPORT_FORMS } from './package.ts';
import { RECEIVING_COMPANY, TRANSPORT_PEOPLE } from './people.ts';
import { isValidForEntry, parkDay, transportForms, waybillsOfDays } from './waybills.ts';

/*
 * The demo's fleet at work (issue 41): on each park day its clerk files a waybill for every vehicle
 * of the 车辆 form whose 道路运输证 still holds, and the receiving company approves it — through the
 * platform's own calls (startformflow, approvetask) as those people, so the records, the flow's
 * history and the audit are what a real fleet's would be; nothing is written behind the platform.
 * The park simulator's hazardous arrivals are then mostly these vehicles (ExpectedArrivals), and
 * 门岗运单 shows their waybills; about one in ten is a vehicle nobody filed for, and the gate's
 * check raises 无有效运单入园 for it.
 */

type Rows = Kysely<Record<string, Record<string, unknown>>>;
interface Person {
  id: string;
  name: string;
}

/** The demo's expected hazardous vehicles: the plates of the park day's valid waybills, filed first if the day has none. */
export function demoFleet(app: FastifyInstance, ctx: AppContext, logger: Logger): ExpectedArrivals {
  let filedFor = '';
  return {
    async plates(now) {
      const day = parkDay(now);
      if (filedFor !== day) {
        filedFor = day; // one try a day: a refusal is logged, not retried every few seconds
        await fileDayWaybills(app, ctx, day).catch((err: unknown) => logger.warn({ err, day }, 'demo fleet could not file the day’s waybills'));
      }
      return [...new Set((await waybillsOfDays(ctx.db, [day])).filter((w) => isValidForEntry(w, day)).map((w) => w.plate))];
    },
  };
}

/** Files and approves the day's waybills of the vehicles that have none yet; answers how many it filed. */
export async function fileDayWaybills(app: FastifyInstance, ctx: AppContext, day: string): Promise<number> {
  const forms = await transportForms(ctx.db);
  const app41 = forms && (await appForms(ctx.db));
  if (!forms || !app41) return 0;
  const clerk = await userId(ctx.db, TRANSPORT_PEOPLE.clerk.username);
  if (!clerk) return 0;
  const filed = new Set((await waybillsOfDays(ctx.db, [day])).map((w) => w.plate));
  const rows = ctx.db as unknown as Rows;
  const vehicles = await rows.selectFrom(`form_${forms.vehicle}`).select(['id', 'plate_no', 'fleet', 'fleet_label']).where('transport_cert_until', '>=', day).orderBy('id').execute();
  const driver = await validPerson(rows, app41.driver, day);
  const escort = await validPerson(rows, app41.escort, day);
  const sender = await rows.selectFrom(`form_${app41.sender}`).select(['id', 'sender_name']).orderBy('id').limit(1).executeTakeFirst();
  const goods = await rows.selectFrom(`form_${app41.goods}`).select(['goods_name', 'un_no']).orderBy('id').execute();
  const receiver = await receivingSide(ctx.db);
  if (!driver || !escort || !sender || goods.length === 0 || !receiver) return 0;
  const sessions = new Sessions(app, ctx);
  let count = 0;
  try {
    for (const [i, v] of vehicles.entries()) {
      const plate = String(v.plate_no);
      if (filed.has(plate)) continue;
      const g = goods[i % goods.length]!;
      const reply = await sessions.call(clerk, `/api/form/startformflow/${forms.waybill}`, {
        parent: {
          waybill_no: `YD${day.replaceAll('-', '')}${String(i + 1).padStart(3, '0')}`,
          sender: String(sender.id), sender_label: String(sender.sender_name), fleet: String(v.fleet ?? ''), fleet_label: String(v.fleet_label ?? ''),
          vehicle: String(v.id), vehicle_label: plate, plate_no: plate, driver: driver.id, driver_label: driver.name, escort: escort.id, escort_label: escort.name,
          plan_time: day, origin: '合肥', destination: `${receiver.companyName}装卸站台`, waybill_status: '有效', remark: '园区演示车队当日运单',
          ...receiver.fields,
        },
        child: [{ subKey: 'goods', subDatas: [{ goods_name: g.goods_name, un_no: g.un_no, quantity: 10 + (i % 3) * 5 }] }],
      });
      if (reply.errCode !== 0) throw new Error(`车辆 ${plate} 的当日运单提交失败：${String(reply.errMsg)}`);
      await approveAll(ctx.db, sessions, Number(reply.processInstanceId), forms.waybill);
      count++;
    }
  } finally {
    await sessions.close();
  }
  return count;
}

/** Each open task of the instance approved by its own assignee, until the flow ends (a few nodes at most). */
async function approveAll(db: Kysely<Database>, sessions: Sessions, instanceId: number, formId: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const tasks = await db.selectFrom('flow_task').select(['id', 'assignee_id']).where('instance_id', '=', String(instanceId)).where('status', '=', 0).execute();
    if (tasks.length === 0) return;
    for (const task of tasks) {
      if (!task.assignee_id) continue;
      const reply = await sessions.call(String(task.assignee_id), `/api/flow/approvetask/${task.id}`, { taskId: String(task.id), formId, remark: '同意' });
      if (reply.errCode !== 0) throw new Error(`运单审批失败：${String(reply.errMsg)}`);
    }
  }
}

/** Who receives the demo's waybills: the receiving company and the fields naming it (its users with 收货企业审核人 approve). */
async function receivingSide(db: Kysely<Database>): Promise<{ companyName: string; fields: Record<string, string> } | null> {
  const company = await db.selectFrom('sys_company').select(['id', 'company_name']).where('company_name', '=', RECEIVING_COMPANY).executeTakeFirst();
  if (!company) return null;
  return { companyName: company.company_name, fields: { receiver: String(company.id), receiver_label: company.company_name } };
}

async function appForms(db: Kysely<Database>) {
  const app = await findInstalledApp(db, TRANSPORT_APP.code);
  const of = (code: string) => app?.formIds.get(code);
  const ids = { driver: of(TRANSPORT_FORMS.driver), escort: of(TRANSPORT_FORMS.escort), sender: of(TRANSPORT_FORMS.sender), goods: of(TRANSPORT_FORMS.goods) };
  return Object.values(ids).every((id) => id && /^[1-9]\d{0,15}$/.test(id)) ? (ids as Record<keyof typeof ids, string>) : null;
}

async function validPerson(rows: Rows, formId: string, day: string): Promise<Person | null> {
  const r = await rows.selectFrom(`form_${formId}`).select(['id', 'person_name']).where('qual_cert_until', '>=', day).orderBy('id').limit(1).executeTakeFirst();
  return r ? { id: String(r.id), name: String(r.person_name) } : null;
}

async function userId(db: Kysely<Database>, username: string): Promise<string | null> {
  const r = await db.selectFrom('sys_user').select('id').where('username', '=', username).where('status', '=', 0).executeTakeFirst();
  return r ? String(r.id) : null;
}

/** The demo people's calls: a session each (made as a login would), signed out when done. */
class Sessions {
  private readonly tokens = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: AppContext,
  ) {}

  async call(userId: string, url: string, body: unknown): Promise<Record<string, unknown>> {
    let token = this.tokens.get(userId);
    if (!token) {
      token = await this.ctx.sessions.create(userId, { ip: '127.0.0.1', userAgent: '园区演示车队' });
      this.tokens.set(userId, token);
    }
    const res = await this.app.inject({ method: 'POST', url, headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': 'XMLHttpRequest' }, payload: body as Record<string, unknown> });
    return res.json() as Record<string, unknown>;
  }

  async close(): Promise<void> {
    for (const token of this.tokens.values()) await this.app.inject({ method: 'GET', url: '/apc/logout', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    this.tokens.clear();
  }
}
