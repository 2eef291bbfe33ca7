import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from './notify.ts';

/*
 * The message calls in the original client's shape (DESIGN.md §10.2), called as that client calls
 * them: queryself with statusList and bigType, updateMsgReaded with idList repeated and
 * form-encoded, unreadmsgcountself with bigType.
 */

let t: TestApp;
let admin: string;
let adminId: string;
let otherId: string;

function postForm(url: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

async function idsOf(title: string): Promise<number[]> {
  const { rows } = await t.sql.query(`select id from msg_message where title = $1 order by id`, [title]);
  return rows.map((r: { id: string }) => Number(r.id));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = String((await t.sql.query(`select id from sys_user where username = 'admin'`)).rows[0].id);
  const { rows } = await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type) select 'other', password_hash, '他人', 0 from sys_user where username = 'admin' returning id`,
  );
  otherId = String(rows[0].id);
  await t.sql.query(`delete from msg_message`);
  const db = t.booted.ctx.db;
  await notify(db, { receiverIds: [adminId], title: '抄送：危化品入园申请', bigType: MSG_BIG_TYPE.approval, smallType: MSG_SMALL_TYPE.cc, params: { taskId: 't1', processInstanceId: 'p1' } });
  await notify(db, { receiverIds: [adminId], title: '催办：动火作业审批', bigType: MSG_BIG_TYPE.approval, smallType: MSG_SMALL_TYPE.reminder });
  await notify(db, { receiverIds: [adminId], title: '系统通知', content: '今晚维护', bigType: MSG_BIG_TYPE.system, smallType: MSG_SMALL_TYPE.notice });
  await notify(db, { receiverIds: [adminId, otherId], title: '自动化：库存预警', bigType: MSG_BIG_TYPE.automation, smallType: MSG_SMALL_TYPE.automationMessage });
});
afterAll(() => t.close());

describe('queryself', () => {
  it('answers msgs in the original shape, filtered by statusList and bigType', async () => {
    const res = await t.call(admin, 'GET', '/api/msg/queryself?pageNum=1&pageSize=10&statusList=0&bigType=1');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.totalCount).toBe(2);
    expect(reply.msgs.map((m: { msgName: string }) => m.msgName).sort()).toEqual(['催办：动火作业审批', '抄送：危化品入园申请']);
    const cc = reply.msgs.find((m: { smallType: number }) => m.smallType === MSG_SMALL_TYPE.cc);
    expect(Object.keys(cc).sort()).toEqual(['bigType', 'createTime', 'menuUrl', 'msgContent', 'msgId', 'msgName', 'params', 'readTime', 'smallType', 'status'].sort());
    expect(cc).toMatchObject({ bigType: 1, smallType: 1, status: 0, readTime: null });
    // JSON text, as the original client's TaskManagement.vue reads it: JSON.parse(row.params).
    expect(typeof cc.params).toBe('string');
    expect(JSON.parse(cc.params)).toEqual({ taskId: 't1', processInstanceId: 'p1' });
    expect(reply.msgs.find((m: { smallType: number }) => m.smallType === MSG_SMALL_TYPE.reminder).params).toBeNull();
    expect(cc.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // No filter: all four of mine; another user's copy is not among them.
    expect((await t.call(admin, 'GET', '/api/msg/queryself?pageNum=1&pageSize=10')).json().totalCount).toBe(4);
    expect((await t.call(admin, 'GET', '/api/msg/queryself?statusList=0&statusList=1')).json().totalCount).toBe(4);
  });

  it('counts unread messages, all or of one bigType', async () => {
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json()).toEqual({ errCode: 0, totalCount: 4 });
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself?bigType=1')).json()).toEqual({ errCode: 0, totalCount: 2 });
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself?bigType=')).json().totalCount).toBe(4);
  });

  it('refuses bad statusList, bigType and paging with 400 in Chinese', async () => {
    expect((await t.call(admin, 'GET', '/api/msg/queryself?statusList=2')).json()).toEqual({ errCode: 400, errMsg: 'statusList 参数不合法，只能是 0（未读）或 1（已读）' });
    expect((await t.call(admin, 'GET', '/api/msg/queryself?bigType=x')).json()).toEqual({ errCode: 400, errMsg: 'bigType 参数不合法' });
    expect((await t.call(admin, 'GET', '/api/msg/queryself?pageNum=0')).statusCode).toBe(400);
  });
});

describe('updateMsgReaded', () => {
  it('takes idList repeated and form-encoded (raw and URL-encoded), and marks only the caller\'s own', async () => {
    const [cc] = await idsOf('抄送：危化品入园申请');
    const [reminder] = await idsOf('催办：动火作业审批');
    const [mineAuto, theirsAuto] = await idsOf('自动化：库存预警');
    // Raw UTF-8 in a neighbouring field, as the original client sends values without encoding.
    const raw = await postForm('/api/msg/updateMsgReaded', `idList=${cc}&idList=${theirsAuto}&remark=已读`);
    expect(raw.json(), raw.body).toEqual({ errCode: 0 });
    const encoded = await postForm('/api/msg/updateMsgReaded', `idList=${reminder}%2C${mineAuto}%2C&remark=${encodeURIComponent('已读')}`);
    expect(encoded.json(), encoded.body).toEqual({ errCode: 0 });

    const read = (await t.call(admin, 'GET', '/api/msg/queryself?statusList=1&pageSize=10')).json();
    expect(read.msgs.map((m: { msgId: number }) => m.msgId).sort()).toEqual([cc, reminder, mineAuto].sort());
    expect(read.msgs.every((m: { status: number; readTime: string }) => m.status === 1 && /^\d{4}-/.test(m.readTime))).toBe(true);
    const theirs = await t.sql.query(`select read_status from msg_message where id = $1`, [theirsAuto]);
    expect(theirs.rows[0].read_status).toBe('0');
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json().totalCount).toBe(1);
  });

  it('also takes JSON idList and the older GET ?ids=1,2, with a trailing comma', async () => {
    const [system] = await idsOf('系统通知');
    expect((await t.call(admin, 'POST', '/api/msg/updateMsgReaded', { idList: [system] })).json()).toEqual({ errCode: 0 });
    expect((await t.call(admin, 'GET', `/api/msg/updateMsgReaded?ids=${system},`)).json()).toEqual({ errCode: 0 });
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json().totalCount).toBe(0);
  });

  it('refuses missing or malformed ids with 400', async () => {
    expect((await postForm('/api/msg/updateMsgReaded', 'idList=1;drop')).json()).toEqual({ errCode: 400, errMsg: 'idList 参数不合法' });
    expect((await postForm('/api/msg/updateMsgReaded', '')).statusCode).toBe(400);
    expect((await t.call(admin, 'GET', '/api/msg/updateMsgReaded?ids=abc')).statusCode).toBe(400);
  });
});
