import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { parkClock, relativeDateRange } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import type { Database } from '../../db/schema.ts';
import { addRecord, createForm, vehicleMeta } from '../automation/testSupport.ts';
import { formTable } from '../form/tableNames.ts';
import { remindTick } from './index.ts';

let t: TestApp;
let admin: string;
let adminId: string;
let formId: number;

/** A moment at `time` in the park (Asia/Shanghai) today. */
const parkAt = (time: string) => new Date(`${parkClock(new Date()).day}T${time}:00+08:00`);
const deps = () => ({ db: t.booted.ctx.db, smsProvider: 'log' });

const condRemind = (over: Record<string, unknown> = {}) => ({
  recipient: { type: '0', role: [], person: [], model: '', orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] },
  defaultRecipient: [{ id: adminId, name: '管理员' }],
  remind: {
    remindWay: ['1'],
    condType: '1',
    condRelative: 'and',
    title: '${plate_no} 证书将于 ${arrive_date} 到期',
    content: '请及时办理 ${plate_no} 的证书换发',
    period: { type: 'day', count: 1 },
    cond: [{ key: 'arrive_date', type: 'date', dataType: 'date', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: 30 } }],
    ...over,
  },
});
const dailyRemind = { recipient: { type: '1', person: [{ id: 0, name: '' }] }, defaultRecipient: [], remind: { remindType: 'day', remindDay: [], remindTime: '08:00', remindWay: ['1'] } };
const save = (cookie: string, set: unknown, id = formId) => t.call(cookie, 'POST', '/api/form/saveFormRemindSet', { id: null, formId: id, formSet: set });
const inbox = async (title: string) => (await t.sql.query(`select receiver_id, content from msg_message where title = $1 order by id`, [title])).rows;
const day = (offset: number) => {
  const d = new Date(`${parkClock(new Date()).day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = String((await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
  dailyRemind.recipient.person[0]!.id = Number(adminId);
  formId = await createForm(t, admin, '危化品运输证台账', vehicleMeta());
  for (const [plate, offset] of [['浙A10001', 10], ['浙A10002', 60], ['浙A10003', -5], ['浙A10004', 30]] as const) {
    await addRecord(t, admin, formId, { plate_no: plate, arrive_date: day(offset) });
  }
});
afterAll(() => t.close());

describe('saveFormRemindSet / queryFormSetByFormId', () => {
  it('round-trips the original shapes: formSet saved as an object, read back as JSON text', async () => {
    const empty = (await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json();
    expect(empty.data).toMatchObject({ id: null, formId });
    expect(JSON.parse(empty.data.formSet)).toEqual({ formRemind: [], condRemind: [], dataPermissions: { field: { name: '录入人员', model: 'user_id' }, groups: [] } });
    const set = { formRemind: [dailyRemind], condRemind: [condRemind()], dataPermissions: { field: { name: '录入人员', model: 'user_id' }, groups: [] } };
    const saved = await save(admin, set);
    expect(saved.json()).toMatchObject({ errCode: 0, errMsg: '保存成功' });
    const back = (await t.call(admin, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).json();
    expect(typeof back.data.formSet).toBe('string');
    expect(JSON.parse(back.data.formSet)).toEqual(set);
    expect(back.data.id).toBe(saved.json().data.id);
  });

  it('refuses what the dialog refuses, with its message; 401, 403 and 404', async () => {
    const noDefault = await save(admin, { formRemind: [], condRemind: [condRemind({}) && { ...condRemind(), defaultRecipient: [] }] });
    expect(noDefault.statusCode).toBe(400);
    expect(noDefault.json().errMsg).toBe('请填写默认接收人');
    const mail = await save(admin, { formRemind: [{ ...dailyRemind, remind: { ...dailyRemind.remind, remindWay: ['3'] } }], condRemind: [] });
    expect(mail.json().errMsg).toBe('未配置邮件服务，不能选择邮件提醒');
    const badCond = await save(admin, { formRemind: [], condRemind: [condRemind({ cond: [{ key: 'nope', condType: '0', conds: [{ matchType: '$eq', value: '1' }] }] })] });
    expect(badCond.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/form/queryFormSetByFormId/${formId}`, headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(401);
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) select 'remind_clerk', password_hash, '办事员' from sys_user where username = 'admin'`);
    const clerk = await t.login('remind_clerk');
    expect((await t.call(clerk, 'GET', `/api/form/queryFormSetByFormId/${formId}`)).statusCode).toBe(403);
    expect((await save(clerk, { formRemind: [], condRemind: [] })).statusCode).toBe(403);
    expect((await t.call(admin, 'GET', '/api/form/queryFormSetByFormId/999999')).statusCode).toBe(404);
  });
});

describe('the schedule', () => {
  it('sends a 数据提醒 to the records meeting the condition — the same records a hand-written query finds — once', async () => {
    await save(admin, { formRemind: [], condRemind: [condRemind()] });
    const now = parkAt('09:30');
    const before = parkAt('08:59');
    expect((await remindTick(deps(), before)).claimed).toBe(0); // 数据提醒 are checked from 09:00
    const out = await remindTick(deps(), now, String(formId));
    const { from, to } = relativeDateRange('$dayAfter', 30, now);
    const hand = await t.sql.query(`select plate_no from ${formTable(String(formId))} where arrive_date >= $1 and arrive_date < ($2::date + 1)::text order by id`, [from, to]);
    expect(hand.rows.map((r) => r.plate_no)).toEqual(['浙A10001', '浙A10004']);
    const sent = await t.sql.query(`select m.title, m.receiver_id, m.content from msg_message m where m.title like '%证书将于%' order by m.id`);
    expect(sent.rows.map((r) => r.title)).toEqual(hand.rows.map((r) => `${r.plate_no} 证书将于 ${r.plate_no === '浙A10001' ? day(10) : day(30)} 到期`));
    expect(sent.rows.every((r) => String(r.receiver_id) === adminId)).toBe(true);
    expect(sent.rows[0].content).toBe('请及时办理 浙A10001 的证书换发');
    expect(out).toMatchObject({ claimed: 1, messages: 2 });
    // The next day's check finds the same records already reminded (普通条件: once per record).
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect((await remindTick(deps(), tomorrow, String(formId))).messages).toBe(0);
    const log = (await t.call(admin, 'GET', `/api/form/queryFormRemindLog/${formId}?pageNum=1&pageSize=10`)).json();
    expect(log.totalCount).toBe(2);
    expect(log.datas[0]).toMatchObject({ ruleKind: 'cond', channel: '系统推送', result: '已发送', receiverId: Number(adminId), receiverName: expect.any(String) });
  });

  it('runs a period once with two instances ticking at the same moment', async () => {
    await save(admin, { formRemind: [dailyRemind], condRemind: [condRemind({ condType: '2', period: { type: 'day', count: 1 }, title: '周期：${plate_no}' })] });
    const other = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.databaseUrl, max: 4 }) }) });
    try {
      const now = parkAt('10:00');
      const [a, b] = await Promise.all([remindTick(deps(), now, String(formId)), remindTick({ db: other, smsProvider: 'log' }, now, String(formId))]);
      // Two rules due: each claimed by exactly one of the two.
      expect(a.claimed + b.claimed).toBe(2);
      expect(await inbox('填报提醒：危化品运输证台账')).toHaveLength(1);
      expect((await t.sql.query(`select count(*)::int n from msg_message where title like '周期：%'`)).rows[0].n).toBe(2);
      // Later the same day: nothing more; the next day: the daily reminder and the periodic rule again.
      expect((await remindTick(deps(), parkAt('18:00'), String(formId))).claimed).toBe(0);
      const next = await remindTick(deps(), new Date(now.getTime() + 86_400_000), String(formId));
      expect(next).toMatchObject({ claimed: 2, messages: 3 });
    } finally {
      await other.destroy();
    }
  });
});
