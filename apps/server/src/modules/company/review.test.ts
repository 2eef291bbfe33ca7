import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSmsText, COMPANY_ADMIN_TEXT, rejectionSmsText } from '@park/core';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { sealWithForge } from '../../../test/sealWithForge.ts';
import { LogSmsSender, maskPhone, type SmsMessage, type SmsSender } from './sms.ts';
import { queueSms, SMS_MAX_ATTEMPTS, SmsOutbox } from './smsOutbox.ts';
import { passwordChanged } from '../admin/testHelpers.ts';

let t: TestApp;
let admin: string;
let publicKey: string;
let seq = 0;
const PASSWORD = 'Rev@2026x';

async function registerOne(name: string, phone = '13900139000'): Promise<{ id: number; code: string }> {
  seq += 1;
  const code = `91340500MA2V${String(seq).padStart(6, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/apc/company/companyRegistered',
    payload: {
      companyInfo: {
        companyName: name,
        administrativeAreaCode: '340523',
        administrativeAreaName: '安徽省马鞍山市和县',
        address: '园区大道1号',
        industryCode: '0401',
        industryName: '危险化学品仓库',
        industyType: 'G59',
        companyCode: code,
      },
      user: {
        userName: code,
        ps: sealWithForge(publicKey, PASSWORD),
        ps1: sealWithForge(publicKey, PASSWORD),
        realName: '李经理',
        sex: '1',
        jobs: '总经理',
        phone,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = Number((await t.sql.query(`select id from sys_company where company_code = $1`, [code])).rows[0].id);
  return { id, code };
}

async function json(cookie: string, method: 'GET' | 'POST', url: string, body?: unknown, status = 200) {
  const res = await t.call(cookie, method, url, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ registrationsPerMinute: 1000 });
  admin = await t.login();
  publicKey = (await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey;
});
afterAll(() => t.close());

describe('企业管理: the review list', () => {
  it('lists by status with the administrator, newest first, searchable by name or code', async () => {
    const a = await registerOne('列表甲化工有限公司');
    const b = await registerOne('列表乙物流有限公司');
    const pending = await json(admin, 'GET', '/api/company/queryAllCheckCompanyInfo?type=0&pageNum=1&pageSize=10');
    expect(pending.totalCount).toBe(2);
    expect(pending.datas.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(pending.datas[1]).toMatchObject({
      companyName: '列表甲化工有限公司',
      companyCode: a.code,
      administrativeAreaName: '安徽省马鞍山市和县',
      industryName: '危险化学品仓库',
      industyType: '装卸搬运和仓储业',
      status: '0',
      adminUsername: a.code,
      adminRealName: '李经理',
      adminPhone: '13900139000',
      userCount: 1,
      checkReason: null,
      checkedTime: null,
    });
    const byName = await json(admin, 'GET', `/api/company/queryAllCheckCompanyInfo?companyName=${encodeURIComponent('乙物流')}`);
    expect(byName.datas.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const byCode = await json(admin, 'GET', `/api/company/queryAllCheckCompanyInfo?companyName=${a.code.slice(-8)}`);
    expect(byCode.datas.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const approved = await json(admin, 'GET', '/api/company/queryAllCheckCompanyInfo?type=1');
    expect(approved.datas.map((c: { companyName: string }) => c.companyName)).toEqual(['华中危化品储运有限公司', '示例化工有限公司']);
    expect((await t.call(admin, 'GET', '/api/company/queryAllCheckCompanyInfo?type=7')).statusCode).toBe(400);
  });

  it('is refused without system:company, and the refusal is logged', async () => {
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name) select 'no_company_perm', password_hash, '无权限' from sys_user where username = 'admin'`,
    );
    const plain = await t.login('no_company_perm', ADMIN_PASSWORD);
    expect((await t.call(plain, 'GET', '/api/company/queryAllCheckCompanyInfo')).statusCode).toBe(403);
    const c = await registerOne('越权测试有限公司');
    expect((await t.call(plain, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=1`)).statusCode).toBe(403);
    const row = (await t.sql.query(`select status from sys_company where id = $1`, [c.id])).rows[0];
    expect(row.status).toBe('0');
    const log = (await t.sql.query(`select * from sys_operation_log where username = 'no_company_perm' and result = 1 order by id`)).rows;
    expect(log.length).toBeGreaterThanOrEqual(2);
  });
});

describe('checkCompany', () => {
  it('approves: status, reviewer, an in-app message and an SMS to the company administrator, and a log row', async () => {
    const c = await registerOne('审核通过化工有限公司', '13700137000');
    await json(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=1`);
    const row = (await t.sql.query(`select * from sys_company where id = $1`, [c.id])).rows[0];
    expect(row).toMatchObject({ status: '1', check_reason: null, checked_by: '1' });
    expect(row.checked_time).toBeInstanceOf(Date);
    const userId = (await t.sql.query(`select id from sys_user where username = $1`, [c.code])).rows[0].id;
    const msgs = (await t.sql.query(`select title, content from msg_message where receiver_id = $1`, [userId])).rows;
    expect(msgs).toEqual([{ title: '企业注册审核通过', content: approvalSmsText('审核通过化工有限公司', c.code) }]);
    const sms = (await t.sql.query(`select * from sys_sms_log where company_id = $1`, [c.id])).rows;
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ phone: '13700137000', template: 'company_approved', provider: 'log', status: 'logged', receiver_id: userId, attempts: 1, next_attempt_time: null });
    expect(sms[0].sent_time).toBeInstanceOf(Date);
    const log = (await t.sql.query(`select * from sys_operation_log where action = '企业审核通过' and target_id = $1`, [String(c.id)])).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ module: '企业', username: 'admin', result: 0 });

    // Only a pending company is reviewed; the second answer says it was already reviewed.
    const again = await t.call(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=2&reason=x`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errMsg).toBe(COMPANY_ADMIN_TEXT.notPending);
    expect((await t.call(admin, 'GET', `/api/company/checkCompany/99999999?checkStatus=1`)).statusCode).toBe(404);
  });

  it('rejects only with a reason, which reaches the SMS and the message', async () => {
    const c = await registerOne('审核不通过化工有限公司');
    const noReason = await t.call(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=2&reason=%20`);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errMsg).toBe(COMPANY_ADMIN_TEXT.rejectReasonRequired);
    await json(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=2&reason=${encodeURIComponent('组织机构代码与营业执照不符')}`);
    const row = (await t.sql.query(`select status, check_reason from sys_company where id = $1`, [c.id])).rows[0];
    expect(row).toEqual({ status: '2', check_reason: '组织机构代码与营业执照不符' });
    const sms = (await t.sql.query(`select content, template from sys_sms_log where company_id = $1`, [c.id])).rows;
    expect(sms).toEqual([{ content: rejectionSmsText('审核不通过化工有限公司', '组织机构代码与营业执照不符'), template: 'company_rejected' }]);
  });

  it('needs the X-Requested-With header, as every call that changes data', async () => {
    const c = await registerOne('缺少请求头有限公司');
    const res = await t.app.inject({ method: 'GET', url: `/api/company/checkCompany/${c.id}?checkStatus=1`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(403);
  });
});

describe('void and edit', () => {
  it('voids only an approved company, and edits details but never the code', async () => {
    const c = await registerOne('作废测试有限公司');
    const early = await t.call(admin, 'POST', '/api/company/deleteCompanyInfo', { id: c.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().errMsg).toBe(COMPANY_ADMIN_TEXT.notApproved);

    await json(admin, 'POST', '/api/company/updateCompanyInfo', {
      id: c.id,
      companyName: '作废测试（改名）有限公司',
      administrativeAreaCode: '340503',
      address: '新地址9号',
      lat: '31.7',
      lnt: '118.5',
      industryCode: '0201',
      industyType: 'C26',
      economicTypeCode: '170',
      companyCode: 'SHOULD-NOT-CHANGE',
    });
    const row = (await t.sql.query(`select * from sys_company where id = $1`, [c.id])).rows[0];
    expect(row).toMatchObject({
      company_name: '作废测试（改名）有限公司',
      company_code: c.code,
      administrative_area_name: '安徽省马鞍山市花山区',
      industry_name: '危险化学品经营（带储存）',
      industy_type: '化学原料和化学制品制造业',
      economic_type_name: '私营企业',
      address: '新地址9号',
    });
    const log = (await t.sql.query(`select detail from sys_operation_log where action = '修改企业信息' and target_id = $1`, [String(c.id)])).rows;
    expect(log[0].detail.before.company_name).toBe('作废测试有限公司');
    const bad = await t.call(admin, 'POST', '/api/company/updateCompanyInfo', {
      id: c.id,
      companyName: '',
      administrativeAreaCode: '340503',
      address: 'x',
      industryCode: '0201',
      industyType: 'C26',
    });
    expect(bad.json().errMsg).toBe('请输入企业名称');

    await json(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=1`);
    await json(admin, 'POST', '/api/company/deleteCompanyInfo', { id: c.id, reason: '企业注销' });
    const voided = (await t.sql.query(`select status, check_reason from sys_company where id = $1`, [c.id])).rows[0];
    expect(voided).toEqual({ status: '3', check_reason: '企业注销' });
    const edit = await t.call(admin, 'POST', '/api/company/updateCompanyInfo', {
      id: c.id,
      companyName: 'x',
      administrativeAreaCode: '340503',
      address: 'x',
      industryCode: '0201',
      industyType: 'C26',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errMsg).toBe(COMPANY_ADMIN_TEXT.voided);
  });
});

describe("a company's users", () => {
  it('are listed, added, edited, disabled and reset, only while the company is approved', async () => {
    const c = await registerOne('用户管理测试有限公司');
    const refused = await t.call(admin, 'POST', '/api/company/addCompanyUser', { companyId: c.id, username: `staff_${c.code}`.slice(0, 30), realName: '员工', userType: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errMsg).toBe(COMPANY_ADMIN_TEXT.notApproved);
    await json(admin, 'GET', `/api/company/checkCompany/${c.id}?checkStatus=1`);

    const added = await json(admin, 'POST', '/api/company/addCompanyUser', {
      companyId: c.id,
      username: 'staff_users_test',
      realName: '王员工',
      sex: '0',
      jobs: '操作工',
      phone: '13600136000',
      officePhone: '0555-1234567',
      email: 'w@example.com',
      userType: 2,
    });
    expect(added).toMatchObject({ errCode: 0, id: expect.any(Number), password: expect.any(String) });
    const dup = await t.call(admin, 'POST', '/api/company/addCompanyUser', { companyId: c.id, username: 'STAFF_USERS_TEST', realName: 'x', userType: 2 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errMsg).toBe('用户名已存在');
    const badPhone = await t.call(admin, 'POST', '/api/company/addCompanyUser', { companyId: c.id, username: 'staff_bad', realName: 'x', phone: '123', userType: 2 });
    expect(badPhone.json().errMsg).toBe('请输入正确的手机号码');

    const list = await json(admin, 'GET', `/api/company/queryAllUsersByCompanyId?companyId=${c.id}&pageNum=1&pageSize=10`);
    expect(list.totalCount).toBe(2);
    expect(list.datas.map((u: { username: string; userType: number }) => [u.username, u.userType])).toEqual([
      [c.code, 1],
      ['staff_users_test', 2],
    ]);
    expect(list.datas[1]).toMatchObject({ realName: '王员工', jobs: '操作工', officePhone: '0555-1234567', status: 0 });

    // The new user logs in (an approved company) with the one-time password, and sees only their company.
    const staff = await t.login('staff_users_test', added.password);
    // Issue 42: the one-time password must be changed before anything else.
    expect((await t.call(staff, 'GET', '/api/companyUser/getCompanyInfoByUserId')).json()).toMatchObject({ errCode: 403, errorcode: 'change password' });
    await passwordChanged(t, added.id);
    expect((await json(staff, 'GET', '/api/companyUser/getCompanyInfoByUserId')).companyInfo.id).toBe(c.id);
    expect((await t.call(staff, 'GET', '/api/company/queryAllCheckCompanyInfo')).statusCode).toBe(403);

    await json(admin, 'POST', '/api/company/updateCompanyUserInfo', { id: added.id, realName: '王班长', jobs: '班长', userType: 1, phone: '13600136001' });
    const edited = (await t.sql.query(`select real_name, job_title, user_type, phone from sys_user where id = $1`, [added.id])).rows[0];
    expect(edited).toEqual({ real_name: '王班长', job_title: '班长', user_type: 1, phone: '13600136001' });

    await json(admin, 'POST', '/api/company/updateCompanyUserStatus', { id: added.id, status: 1 });
    expect((await t.call(staff, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    await json(admin, 'POST', '/api/company/updateCompanyUserStatus', { id: added.id, status: 0 });
    const reset = await json(admin, 'POST', '/api/company/resetCompanyUserPwd', { id: added.id });
    await t.login('staff_users_test', reset.password);

    // Platform users are not managed from here.
    const notMine = await t.call(admin, 'POST', '/api/company/resetCompanyUserPwd', { id: 1 });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errMsg).toBe(COMPANY_ADMIN_TEXT.notCompanyUser);
    const actions = (await t.sql.query(`select action from sys_operation_log where target_id = $1 order by id`, [String(added.id)])).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['新增企业用户', '修改企业用户', '停用用户', '启用用户', '重置密码']));
  });
});

describe('SMS outbox', () => {
  const log = pino({ level: 'silent' });
  const message = (phone: string): SmsMessage => ({ phone, content: '测试短信', template: 'test' });
  const rowOf = async (id: string) => (await t.sql.query(`select * from sys_sms_log where id = $1`, [id])).rows[0];
  /** A gateway that fails its first `failures` calls, counting every call. */
  const gateway = (failures = 0) => {
    const calls: string[] = [];
    const sender: SmsSender = {
      name: 'http',
      send: async (m) => {
        calls.push(m.phone);
        if (calls.length <= failures) throw new Error('短信网关返回 HTTP 500');
        return 'sent';
      },
    };
    return { sender, calls };
  };
  const makeDue = (id: string) => t.sql.query(`update sys_sms_log set next_attempt_time = now() where id = $1`, [id]);

  it('retries a failing gateway later, keeps the error meanwhile, and records the delivery', async () => {
    const { sender, calls } = gateway(1);
    const outbox = new SmsOutbox(t.booted.ctx.db, sender);
    const [id] = await queueSms(t.booted.ctx.db, sender.name, [message('13500135001')]);
    expect(await outbox.deliver(log, [id!])).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = await rowOf(id!);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, error: '短信网关返回 HTTP 500' });
    expect(waiting.next_attempt_time.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the job's round leaves it alone.
    await outbox.deliver(log);
    expect(calls).toHaveLength(1);
    await makeDue(id!);
    await outbox.deliver(log);
    expect(await rowOf(id!)).toMatchObject({ status: 'sent', attempts: 2, error: null, next_attempt_time: null });
    expect(calls).toEqual(['13500135001', '13500135001']);
  });

  it(`gives up after ${SMS_MAX_ATTEMPTS} attempts as failed, without throwing`, async () => {
    const { sender } = gateway(Infinity);
    const outbox = new SmsOutbox(t.booted.ctx.db, sender);
    const [id] = await queueSms(t.booted.ctx.db, sender.name, [message('13500135002')]);
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await makeDue(id!);
      await outbox.deliver(log, [id!]);
    }
    expect(await rowOf(id!)).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS, error: '短信网关返回 HTTP 500', next_attempt_time: null });
    await makeDue(id!);
    expect(await outbox.deliver(log, [id!])).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps no message of a decision that rolled back, and sends one whose server stopped before sending', async () => {
    const db = t.booted.ctx.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await queueSms(trx, 'http', [message('13500135003')]);
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    expect((await t.sql.query(`select count(*)::int n from sys_sms_log where phone = '13500135003'`)).rows[0].n).toBe(0);

    // Queued and committed, then nothing: the server stopped. The next round of the job sends it.
    const [id] = await queueSms(db, 'http', [message('13500135004')]);
    const { sender, calls } = gateway();
    await new SmsOutbox(db, sender).deliver(log);
    expect(calls).toContain('13500135004');
    expect(await rowOf(id!)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends each message once when two deliverers run at the same time', async () => {
    const db = t.booted.ctx.db;
    const ids = await queueSms(db, 'http', Array.from({ length: 30 }, (_, i) => message(`1350014${String(i).padStart(4, '0')}`)));
    const { sender, calls } = gateway();
    const slow: SmsSender = { name: 'http', send: async (m) => (await new Promise((r) => setTimeout(r, 5)), sender.send(m)) };
    await Promise.all([new SmsOutbox(db, slow).deliver(log), new SmsOutbox(db, slow).deliver(log), new SmsOutbox(db, slow).deliver(log, ids)]);
    expect(calls.filter((p) => p.startsWith('1350014')).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `1350014${String(i).padStart(4, '0')}`));
  });
});

describe('SmsSender', () => {
  it('masks phones in the built-in sender\'s log lines', async () => {
    const lines: unknown[] = [];
    await new LogSmsSender({ info: (...args: unknown[]) => lines.push(args) }).send({ phone: '13500135000', content: 'y', template: 't' });
    expect(JSON.stringify(lines)).toContain('135****5000');
    expect(JSON.stringify(lines)).not.toContain('13500135000');
    expect(maskPhone('123')).toBe('****');
  });
});
