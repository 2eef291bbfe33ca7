import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_LOGIN_TEXT,
  PASSWORD_RULE_MESSAGE,
  REGISTRATION_RULES,
  REGISTRATION_TEXT,
  rejectedLoginMessage,
} from '@park/core';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { bootstrap } from '../../bootstrap.ts';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { sealWithForge } from '../../../test/sealWithForge.ts';

let t: TestApp;
let publicKey: string;
let seq = 0;

const PASSWORD = 'Reg@2026x';

/** A unique, valid 18-character organisation code. */
function newCode(): string {
  seq += 1;
  return `91340500MA2R${String(seq).padStart(6, '0')}`;
}

function payload(code: string, over: { company?: Record<string, unknown>; user?: Record<string, unknown> } = {}, ps = PASSWORD, ps1 = ps) {
  return {
    companyInfo: {
      companyName: `注册测试化工有限公司${code.slice(-6)}`,
      administrativeAreaCode: '340523',
      administrativeAreaName: '和县',
      address: '化工园区纬二路8号',
      lat: '31.81',
      lnt: '118.46',
      industryCode: '0101',
      industryName: '任意名称（以代码为准）',
      industyType: '化学原料和化学制品制造业',
      economicTypeCode: '150',
      economicTypeName: '有限责任公司',
      companyCode: code,
      ...over.company,
    },
    user: {
      userName: code,
      ps: ps === '' ? '' : sealWithForge(publicKey, ps),
      ps1: ps1 === '' ? '' : sealWithForge(publicKey, ps1),
      realName: '张安全',
      sex: '0',
      jobs: '安全主任',
      phone: '13800138000',
      officePhone: '0555-5312345',
      email: 'safety@example.com',
      ...over.user,
    },
  };
}

const register = (body: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/apc/company/companyRegistered', payload: body as object, remoteAddress: ip });

async function loginReply(username: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/apc/login', payload: { username, password: sealWithForge(publicKey, password) } });
}

async function companyByCode(code: string) {
  return (await t.sql.query(`select * from sys_company where company_code = $1`, [code])).rows[0];
}

beforeAll(async () => {
  // Generous here; the limit itself has its own app below.
  t = await createTestApp({ registrationsPerMinute: 1000 });
  publicKey = (await t.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey;
});
afterAll(() => t.close());

describe('companyRegistered', () => {
  it('creates the pending company and its administrator in one go, the code being the account; extra fields are ignored', async () => {
    const code = newCode();
    const body = payload(code, { company: { status: '1', id: 1, checkReason: 'x' }, user: { userType: 0, roleIds: [1], status: 1, companyId: 1 } });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(200);
    // The reply says nothing about what was created.
    expect(res.json()).toEqual({ errCode: 0 });

    const company = await companyByCode(code);
    expect(company).toMatchObject({
      status: '0',
      administrative_area_code: '340523',
      administrative_area_name: '安徽省马鞍山市和县',
      industry_code: '0101',
      industry_name: '涉及重点监管危险化工工艺',
      industy_type: '化学原料和化学制品制造业',
      economic_type_code: '150',
      economic_type_name: '有限责任公司',
      lat: '31.81',
      lnt: '118.46',
      check_reason: null,
    });
    const users = (await t.sql.query(`select * from sys_user where company_id = $1`, [company.id])).rows;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      username: code,
      user_type: 1,
      status: 0,
      real_name: '张安全',
      sex: '0',
      job_title: '安全主任',
      phone: '13800138000',
      office_phone: '0555-5312345',
      email: 'safety@example.com',
    });
    const roles = (await t.sql.query(`select r.role_code from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = $1`, [users[0].id])).rows;
    expect(roles.map((r) => r.role_code)).toEqual(['company_user']);
    const log = (await t.sql.query(`select * from sys_operation_log where action = '企业注册' and target_id = $1`, [String(company.id)])).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ module: '企业', username: code, result: 0 });
    expect(JSON.stringify(log[0].detail)).not.toContain(PASSWORD);
  });

  it('stores the code in upper case, and a lower-case repeat is the same company', async () => {
    const code = newCode();
    expect((await register(payload(code.toLowerCase()))).statusCode).toBe(200);
    expect(await companyByCode(code)).toBeTruthy();
    const again = await register(payload(code));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errCode: 409, errMsg: REGISTRATION_TEXT.duplicate });
  });

  it('gives the one duplicate message when the code is taken as an existing login name', async () => {
    const code = newCode();
    await t.sql.query(`insert into sys_user (username, password_hash, real_name) values ($1, 'x', '同名用户')`, [code.toLowerCase()]);
    const res = await register(payload(code));
    expect(res.statusCode).toBe(409);
    expect(res.json().errMsg).toBe(REGISTRATION_TEXT.duplicate);
    expect(await companyByCode(code)).toBeUndefined();
  });

  it('20 parallel registrations of one code give exactly one company and one user', async () => {
    const code = newCode();
    const bodies = Array.from({ length: 20 }, (_, i) => payload(code, { company: { companyName: `并发注册企业${i}` } }));
    const replies = await Promise.all(bodies.map((b) => register(b)));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of replies.filter((x) => x.statusCode === 409)) expect(r.json().errMsg).toBe(REGISTRATION_TEXT.duplicate);
    const companies = (await t.sql.query(`select id from sys_company where company_code = $1`, [code])).rows;
    expect(companies).toHaveLength(1);
    const users = (await t.sql.query(`select id, company_id from sys_user where lower(username) = lower($1)`, [code])).rows;
    expect(users).toHaveLength(1);
    expect(users[0].company_id).toBe(companies[0].id);
    // No company without its user and no user without its company, anywhere.
    const orphans = await t.sql.query(
      `select c.id from sys_company c where c.company_code like '91340500MA2R%' and not exists (select 1 from sys_user u where u.company_id = c.id)`,
    );
    expect(orphans.rows).toEqual([]);
  });
});

describe('registration validation on the server', () => {
  it('answers every required field with its own message', async () => {
    const res = await register({ companyInfo: {}, user: {} });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as Array<{ field: string; message: string }>).map((e) => e.message);
    expect(res.json().errMsg).toBe('请输入企业名称');
    expect(messages).toEqual([
      '请输入企业名称',
      '请选择行政区划',
      '请输入详细地址',
      '请选择行业名称',
      '请选择行业类别',
      '请输入组织机构代码',
      '请输入用户名',
      '请输入真实姓名',
      '请选择性别',
      '请输入职务',
      '请输入手机号码',
      '请输入密码',
      '请再次输入密码',
    ]);
    // Office phone and e-mail are optional (spec 000 §5).
    expect(REGISTRATION_RULES.officePhone.requiredMessage).toBeUndefined();
    expect(REGISTRATION_RULES.email.requiredMessage).toBeUndefined();
  });

  it('refuses a weak password, mismatched passwords and a user name other than the code', async () => {
    const code = newCode();
    const weak = await register(payload(code, {}, 'abc123'));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errMsg).toBe(PASSWORD_RULE_MESSAGE);

    const mismatch = await register(payload(code, {}, PASSWORD, `${PASSWORD}9`));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errMsg).toBe('两次输入的密码不一致,请重新输入');

    const other = await register(payload(code, { user: { userName: 'someone_else' } }));
    expect(other.statusCode).toBe(400);
    expect(other.json().errMsg).toBe(REGISTRATION_TEXT.userNameMismatch);

    const formats = await register(payload(code, { company: { companyCode: 'ABC' }, user: { phone: '12345', email: 'bad' } }));
    expect(formats.statusCode).toBe(400);
    expect(formats.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['组织机构代码应为18位统一社会信用代码或9位组织机构代码（字母或数字）', '请输入正确的手机号码', '请输入正确的电子邮箱']),
    );
    expect(await companyByCode(code)).toBeUndefined();
  });

  it('takes coded fields from its own tables and refuses unknown ones', async () => {
    const code = newCode();
    for (const [over, message] of [
      [{ administrativeAreaCode: '999999' }, REGISTRATION_TEXT.regionInvalid],
      [{ industryCode: 'nope' }, REGISTRATION_TEXT.industryInvalid],
      [{ industyType: '不存在的行业' }, REGISTRATION_TEXT.industryTypeInvalid],
      [{ economicTypeCode: '999' }, REGISTRATION_TEXT.economicTypeInvalid],
      [{ lat: '123' }, '纬度不合法'],
    ] as const) {
      const res = await register(payload(code, { company: over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errMsg).toBe(message);
    }
  });

  it('refuses a replayed or garbled sealed password with one generic message', async () => {
    const code = newCode();
    const body = payload(code);
    expect((await register(body)).statusCode).toBe(200);
    const replay = await register({ ...body, companyInfo: { ...body.companyInfo, companyCode: newCode() } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errMsg).toBe(REGISTRATION_TEXT.sealedInvalid);
    const garbled = await register(payload(newCode(), { user: { ps: 'AAAA' } }));
    expect(garbled.json().errMsg).toBe(REGISTRATION_TEXT.sealedInvalid);
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestApp({ registrationsPerMinute: 3 });
    try {
      const key = (await limited.app.inject({ method: 'GET', url: '/apc/publicKey' })).json().publicKey as string;
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/apc/company/companyRegistered',
          remoteAddress: ip,
          payload: { companyInfo: {}, user: { ps: sealWithForge(key, 'x') } },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await send('10.9.9.9')).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
      const last = await send('10.9.9.9');
      expect(last.json()).toEqual({ errCode: 429, errMsg: REGISTRATION_TEXT.tooMany });
      // Another address is not affected.
      expect((await send('10.9.9.10')).statusCode).toBe(400);

      // A second server instance on the same database counts the same requests.
      const second = await bootstrap(limited.booted.ctx.config, limited.databaseUrl, pino({ level: 'silent' }));
      const secondApp = await buildApp(second.ctx, { logger: false });
      try {
        const viaSecond = (ip: string) =>
          secondApp.inject({ method: 'POST', url: '/apc/company/companyRegistered', remoteAddress: ip, payload: { companyInfo: {}, user: {} } });
        expect((await viaSecond('10.9.9.9')).statusCode).toBe(429);
        expect((await viaSecond('10.9.9.10')).statusCode).toBe(400);
        expect((await send('10.9.9.10')).statusCode).toBe(400);
        expect((await viaSecond('10.9.9.10')).statusCode).toBe(429);
        const counters = (await limited.sql.query(`select key, hits from sys_rate_limit order by key`)).rows;
        expect(counters).toEqual(
          expect.arrayContaining([
            { key: 'POST /apc/company/companyRegistered|10.9.9.9', hits: 6 },
            { key: 'POST /apc/company/companyRegistered|10.9.9.10', hits: 4 },
          ]),
        );
      } finally {
        await secondApp.close();
        await second.close();
      }
    } finally {
      await limited.close();
    }
  });
});

describe('public dictionaries of the registration page', () => {
  it('serves economic types and industry categories without a session, and nothing else', async () => {
    const eco = await t.app.inject({ method: 'GET', url: '/apc/company/getRegisterDic?typeCode=economic_type' });
    expect(eco.statusCode).toBe(200);
    expect(eco.json().datas[0]).toEqual({ code: '110', name: '国有企业' });
    const cat = await t.app.inject({ method: 'GET', url: '/apc/company/getRegisterDic?typeCode=industry_category' });
    expect(cat.json().datas.map((d: { name: string }) => d.name)).toContain('化学原料和化学制品制造业');
    expect((await t.app.inject({ method: 'GET', url: '/apc/company/getRegisterDic?typeCode=risk_level' })).statusCode).toBe(400);
    const gis = await t.app.inject({ method: 'GET', url: '/apc/company/gisConfig' });
    expect(gis.json()).toMatchObject({ errCode: 0, gisConfig: { tileUrl: '' } });
  });
});

describe('login of a company user', () => {
  it('is refused while pending, with the reason when rejected, and when voided; allowed once approved', async () => {
    const admin = await t.login();
    const pending = newCode();
    expect((await register(payload(pending))).statusCode).toBe(200);
    const wrong = await loginReply(pending, 'Wrong@123');
    expect(wrong.statusCode).toBe(400); // a wrong password learns nothing about the company
    const refused = await loginReply(pending);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errCode: 3, errMsg: COMPANY_LOGIN_TEXT.pending });
    expect(refused.json().errMsg).toContain('待审核');

    const id = (await companyByCode(pending)).id;
    expect((await t.call(admin, 'GET', `/api/company/checkCompany/${id}?checkStatus=1`)).statusCode).toBe(200);
    const ok = await loginReply(pending);
    expect(ok.statusCode).toBe(200);
    const cookie = `park_sid=${ok.cookies.find((c) => c.name === 'park_sid')!.value}`;
    expect((await t.call(cookie, 'GET', '/api/companyUser/getCompanyInfoByUserId')).json()).toEqual({
      errCode: 0,
      companyInfo: { id: Number(id), companyName: `注册测试化工有限公司${pending.slice(-6)}` },
    });

    // Voiding ends the company's sessions at once and refuses new logins.
    expect((await t.call(admin, 'POST', '/api/company/deleteCompanyInfo', { id: Number(id), reason: '企业已迁出园区' })).statusCode).toBe(200);
    expect((await t.call(cookie, 'GET', '/api/user/getUser')).statusCode).toBe(401);
    const voided = await loginReply(pending);
    expect(voided.statusCode).toBe(403);
    expect(voided.json().errMsg).toBe(COMPANY_LOGIN_TEXT.voided);

    const rejected = newCode();
    expect((await register(payload(rejected))).statusCode).toBe(200);
    const rid = (await companyByCode(rejected)).id;
    expect((await t.call(admin, 'GET', `/api/company/checkCompany/${rid}?checkStatus=2&reason=${encodeURIComponent('营业执照信息不清晰')}`)).statusCode).toBe(200);
    const no = await loginReply(rejected);
    expect(no.statusCode).toBe(403);
    expect(no.json().errMsg).toBe(rejectedLoginMessage('营业执照信息不清晰'));
    expect(no.json().errMsg).toContain('审核不通过');
  });

  it('lets a rejected company register again with the same code: same company, new details, pending again', async () => {
    const admin = await t.login();
    const code = newCode();
    expect((await register(payload(code))).statusCode).toBe(200);
    const before = await companyByCode(code);
    expect((await t.call(admin, 'GET', `/api/company/checkCompany/${before.id}?checkStatus=2&reason=${encodeURIComponent('地址不详')}`)).statusCode).toBe(200);

    // Two resubmissions at once: the first makes the company pending again, so the second is a duplicate.
    const NEW_PASSWORD = 'Again@2026y';
    const again = payload(code.toLowerCase(), { company: { companyName: '重新注册化工有限公司', address: '化工园区纬三路9号' }, user: { realName: '李安全', userName: code.toLowerCase() } }, NEW_PASSWORD);
    const twice = payload(code, { company: { companyName: '重新注册化工有限公司', address: '化工园区纬三路9号' }, user: { realName: '李安全' } }, NEW_PASSWORD);
    const replies = await Promise.all([register(again, '10.0.9.1'), register(twice, '10.0.9.2')]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const companies = (await t.sql.query(`select * from sys_company where company_code = $1`, [code])).rows;
    expect(companies).toHaveLength(1);
    expect(companies[0]).toMatchObject({ id: before.id, status: '0', company_name: '重新注册化工有限公司', address: '化工园区纬三路9号', check_reason: null, checked_by: null });
    const users = (await t.sql.query(`select * from sys_user where lower(username) = lower($1)`, [code])).rows;
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ real_name: '李安全', company_id: before.id });
    const log = (await t.sql.query(`select detail from sys_operation_log where action = '企业重新注册' and target_id = $1`, [String(before.id)])).rows;
    expect(log).toHaveLength(1);
    expect(log[0].detail).toMatchObject({ previous: { checkReason: '地址不详' } });
    expect(JSON.stringify(log)).not.toContain(NEW_PASSWORD);

    // Pending again: the new password is the one that counts, and approval works as for a first registration.
    expect((await loginReply(code, NEW_PASSWORD)).json().errMsg).toBe(COMPANY_LOGIN_TEXT.pending);
    expect((await loginReply(code, PASSWORD)).statusCode).toBe(400);
    expect((await t.call(admin, 'GET', `/api/company/checkCompany/${before.id}?checkStatus=1`)).statusCode).toBe(200);
    expect((await loginReply(code.toLowerCase(), NEW_PASSWORD)).statusCode).toBe(200);
    // Once approved (or pending, or voided) the code is taken again.
    expect((await register(payload(code))).json().errMsg).toBe(REGISTRATION_TEXT.duplicate);
  });
});
