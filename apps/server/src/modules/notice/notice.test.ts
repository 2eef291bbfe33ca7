import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';
import { stopJobs, withJobs } from '../../../test/jobs.ts';
import { sanitizeNoticeHtml } from './sanitize.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdf, png } from '../../../test/sampleFiles.ts';

/*
 * Issue 38: 公告 on real PostgreSQL with the real pg-boss worker — visibility (black list,
 * departments, people, tenants), read counts, scheduling, withdrawal, SMS, sanitising, refusals.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely in the test
type Json = Record<string, any>;
let t: TestApp;
let boss: PgBoss;
let admin: string;
let a: TestTenant;
let b: TestTenant;
let c: TestTenant;
let aSafety: string;
let aOffice: string;
const users: Record<string, { id: string; cookie: string }> = {};

async function addUser(tenant: TestTenant | null, name: string, orgId: string | null, tenantUserType = 2, phone: string | null = null) {
  const u = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type, phone)
     select $1, password_hash, $2, $3, $4, $5, $6 from sys_user where username = 'admin' returning id`,
    [name, name, tenant ? 2 : 0, tenant?.id ?? null, tenant ? tenantUserType : null, phone],
  );
  if (orgId) await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [u.rows[0]!.id, orgId]);
  users[name] = { id: u.rows[0]!.id, cookie: await t.login(name, ADMIN_PASSWORD) };
  return users[name]!;
}
const org = async (tenant: TestTenant, name: string) => (await t.sql.query<{ id: string }>(`insert into sys_org (org_name, company_id) values ($1, $2) returning id`, [name, tenant.id])).rows[0]!.id;
const post = (cookie: string, url: string, body: unknown) => t.call(cookie, 'POST', url, body);
const get = (cookie: string, url: string) => t.call(cookie, 'GET', url);

async function waitDelivered(id: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const r = await t.sql.query(`select delivered from notice where id = $1`, [id]);
    if (r.rows[0]?.delivered) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`notice ${id} not delivered`);
}
const myIds = async (cookie: string) => ((await get(cookie, '/api/notice/mine?pageSize=100')).json().datas as Json[]).map((d) => d.id);

beforeAll(async () => {
  t = await createTestApp();
  boss = await withJobs(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await insertTenant(t, '甲公告化工');
  b = await insertTenant(t, '乙公告化工');
  c = await insertTenant(t, '丙公告化工');
  aSafety = await org(a, '甲安全部');
  aOffice = await org(a, '甲办公室');
  await addUser(a, 'na_safety', aSafety, 2, '13800000001');
  await addUser(a, 'na_office', aOffice, 2, '13800000002');
  await addUser(a, 'na_sub', aOffice, 1);
  await addUser(b, 'nb_user', null, 2, '13800000003');
  await addUser(c, 'nc_user', null);
  await addUser(null, 'np_plain', null);
}, 180_000);

afterAll(async () => {
  if (boss) await stopJobs(boss);
  await t?.close();
});

const platformNotice = { title: '园区停电通知', noticeType: '1', content: '<p>明日 <b>9:00</b> 停电</p>', smsNotify: true };

describe('sanitising', () => {
  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<p onclick="x()" style="color:red">t</p>', '<p>t</p>'],
    ['<iframe src="https://e.com"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<a href="https://e.com" target="_blank">ok</a>', '<a href="https://e.com" target="_blank" rel="noopener noreferrer">ok</a>'],
  ])('%s', (dirty, clean) => {
    expect(sanitizeNoticeHtml(dirty)).toBe(clean);
  });

  it('stores only the sanitised HTML', async () => {
    const r = await post(admin, '/api/user/saveNotice', { ...platformNotice, title: '消毒测试', content: '<p>a</p><script>x</script><img src="https://e.com/a.png" onerror="y">' });
    expect(r.json(), r.body).toMatchObject({ errCode: 0, errMsg: '保存成功' });
    const got = (await get(admin, `/api/notice/get?id=${r.json().id}`)).json().data;
    expect(got.content).toBe('<p>a</p><img src="https://e.com/a.png" />');
  });
});

describe('field rules', () => {
  it.each([
    [{ ...platformNotice, title: '' }, '请输入公告标题'],
    [{ ...platformNotice, title: '长'.repeat(101) }, '公告标题不能超过100个字'],
    [{ ...platformNotice, noticeType: '' }, '请选择公告类型'],
    [{ ...platformNotice, content: '<p> </p>' }, '请输入公告内容'],
  ])('refuses %o', async (body, msg) => {
    const r = await post(admin, '/api/user/saveNotice', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe(msg);
  });
});

describe('平台公告', () => {
  let id: number;
  it('publishes at once to the park and every tenant but the black list; delivers in the background', async () => {
    const saved = await post(admin, '/api/user/saveNotice', { ...platformNotice, blackList: [c.id] });
    id = saved.json().id;
    const pub = await post(admin, '/api/notice/publish', { id });
    expect(pub.json()).toMatchObject({ errCode: 0, errMsg: '发布成功' });
    await waitDelivered(id);
    expect(await myIds(users.na_safety!.cookie)).toContain(id);
    expect(await myIds(users.nb_user!.cookie)).toContain(id);
    expect(await myIds(users.np_plain!.cookie)).toContain(id);
    expect(await myIds(users.nc_user!.cookie)).not.toContain(id);
  });

  it('shows {count}人，{unReadNum}未读 and moves when a receiver opens it (message read too)', async () => {
    const row = () => get(admin, '/api/user/queryNotice?pageSize=50').then((r) => (r.json().datas as Json[]).find((d) => d.id === id)!);
    const before = await row();
    expect(before.readSummary).toBe(`${before.count}人，${before.unReadNum}未读`);
    expect(before.unReadNum).toBe(before.count);
    const msg = await t.sql.query(`select read_status from msg_message where receiver_id = $1 and params->>'noticeId' = $2`, [users.nb_user!.id, String(id)]);
    expect(msg.rows).toEqual([{ read_status: '0' }]);
    const read = await get(users.nb_user!.cookie, `/api/notice/read?id=${id}`);
    expect(read.json().data).toMatchObject({ title: '园区停电通知', content: '<p>明日 <b>9:00</b> 停电</p>' });
    expect((await row()).unReadNum).toBe(before.unReadNum - 1);
    const msg2 = await t.sql.query(`select read_status from msg_message where receiver_id = $1 and params->>'noticeId' = $2`, [users.nb_user!.id, String(id)]);
    expect(msg2.rows).toEqual([{ read_status: '1' }]);
    const unreadOnly = (await get(admin, `/api/notice/readers?id=${id}&read=0`)).json().data as Json[];
    expect(unreadOnly.map((u) => u.realName)).not.toContain('nb_user');
    expect(unreadOnly.find((u) => u.realName === 'na_safety')).toMatchObject({ companyName: '甲公告化工', orgName: '甲安全部', phone: '13800000001', read: false });
  });

  it('exports who has not read to Excel', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/notice/readers/export?id=${id}&read=0`, headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest' } });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0]!.getColumn(3).values.slice(2);
    expect(names).toContain('na_safety');
    expect(names).not.toContain('nb_user');
    expect(wb.worksheets[0]!.getRow(1).values).toContain('阅读时间');
  });

  it('queues an SMS to each receiver with a phone, filled from the template', async () => {
    const sms = await t.sql.query(`select phone, content from sys_sms_log where template = 'notice' order by phone`);
    expect(sms.rows.map((r) => r.phone)).toEqual(['13800000001', '13800000002', '13800000003']);
    expect(sms.rows[0].content).toContain('园区停电通知');
    expect(sms.rows[0].content).toContain('甲公告化工');
  });

  it('withdraws: receivers no longer see it', async () => {
    const w = await post(admin, '/api/notice/withdraw', { id });
    expect(w.json()).toMatchObject({ errCode: 0, errMsg: '撤回成功' });
    expect(await myIds(users.na_safety!.cookie)).not.toContain(id);
    expect((await get(users.na_safety!.cookie, `/api/notice/read?id=${id}`)).statusCode).toBe(404);
    const msg = await t.sql.query(`select 1 from msg_message where params->>'noticeId' = $1`, [String(id)]);
    expect(msg.rowCount).toBe(0);
  });
});

describe('attachments', () => {
  it('the park\'s attachment is readable by a tenant receiver, not by a black-listed tenant nor after withdrawal; another\'s file may not be attached', async () => {
    const { payload, contentType } = multipart([{ name: 'file', filename: '检查表.pdf', data: pdf() }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, payload });
    const fileId = up.json().datas[0].fileId as number;
    const id = (await post(admin, '/api/user/saveNotice', { ...platformNotice, title: '附件公告', smsNotify: false, fileIds: [fileId], blackList: [c.id] })).json().id;
    const dl = (cookie: string) => get(cookie, `/api/file/download/${fileId}`).then((r) => r.statusCode);
    expect(await dl(users.nb_user!.cookie)).toBe(404);
    await post(admin, '/api/notice/publish', { id });
    await waitDelivered(id);
    const read = (await get(users.nb_user!.cookie, `/api/notice/read?id=${id}`)).json().data;
    expect(read.files).toEqual([{ fileId, fileName: '检查表.pdf' }]);
    expect(await dl(users.nb_user!.cookie)).toBe(200);
    expect(await dl(users.nc_user!.cookie)).toBe(404);
    // 丙 (black-listed) cannot read it, so it may not attach it either.
    expect((await post(c.cookie!, '/api/user/saveNotice', { ...platformNotice, fileIds: [fileId] })).json().errMsg).toBe('附件不存在');
    await post(admin, '/api/notice/withdraw', { id });
    expect(await dl(users.nb_user!.cookie)).toBe(404);
  });
});

describe('背景图片', () => {
  const upload = async (filename: string, data: Buffer, cookie = admin) => {
    const { payload, contentType } = multipart([{ name: 'file', filename, data }]);
    return t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, payload });
  };
  const save = (extra: Json) => post(admin, '/api/user/saveNotice', { ...platformNotice, title: '背景公告', smsNotify: false, ...extra });
  const stored = async (id: number) => (await get(admin, `/api/notice/get?id=${id}`)).json().data;

  it('the default built-in when none is chosen; a chosen built-in is kept', async () => {
    expect(await stored((await save({})).json().id)).toMatchObject({ backgroundKey: 'default', backgroundFileId: null });
    expect(await stored((await save({ backgroundKey: 'safety' })).json().id)).toMatchObject({ backgroundKey: 'safety', backgroundFileId: null });
  });

  it('an uploaded png reaches the receivers, who may load it', async () => {
    const fileId = (await upload('背景.png', png())).json().datas[0].fileId as number;
    const id = (await save({ backgroundFileId: fileId, blackList: [c.id] })).json().id;
    expect(await stored(id)).toMatchObject({ backgroundKey: null, backgroundFileId: String(fileId) });
    const img = (cookie: string) => get(cookie, `/api/file/image/${fileId}`).then((r) => r.statusCode);
    expect(await img(users.nb_user!.cookie)).toBe(404);
    await post(admin, '/api/notice/publish', { id });
    await waitDelivered(id);
    expect((await get(users.nb_user!.cookie, `/api/notice/read?id=${id}`)).json().data).toMatchObject({ backgroundFileId: String(fileId), backgroundKey: null });
    expect(await img(users.nb_user!.cookie)).toBe(200);
    expect(await img(users.nc_user!.cookie)).toBe(404);
    // 选择现有的背景图片: the park finds it again among its 平台公告's backgrounds; a tenant may not ask.
    const used = await get(admin, '/api/user/queryPlatFormNoticeUsedBackground');
    expect(used.json().datas).toContainEqual({ fileId: String(fileId), fileName: '背景.png' });
    expect((await get(c.cookie!, '/api/user/queryPlatFormNoticeUsedBackground')).statusCode).toBe(403);
  });

  it('a tenant\'s used backgrounds are its own: the park sees them by tenant, another tenant never', async () => {
    const fileId = String((await upload('丙背景.png', png([10, 120, 60]), c.cookie!)).json().datas[0].fileId);
    const saved = await post(c.cookie!, '/api/user/saveNotice', { ...platformNotice, smsNotify: false, title: '丙背景公告', backgroundFileId: fileId });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    const datas = async (cookie: string, url: string) => ((await get(cookie, url)).json().datas as Json[]).map((d) => d.fileId);
    expect(await datas(c.cookie!, '/api/user/queryEnterpriseNoticeUsedBackground')).toContain(fileId);
    expect(await datas(admin, `/api/user/queryEnterpriseNoticeUsedBackground/${c.id}`)).toContain(fileId);
    expect(await datas(b.cookie!, `/api/user/queryEnterpriseNoticeUsedBackground/${c.id}`)).not.toContain(fileId);
    expect(await datas(admin, '/api/user/queryEnterpriseNoticeUsedBackground')).toEqual([]);
  });

  it('refuses an unknown built-in, a file that is not an image by content, and two backgrounds at once; nothing is written', async () => {
    const before = Number((await t.sql.query(`select count(*) c from notice`)).rows[0].c);
    const r1 = await save({ backgroundKey: '../../etc/passwd' });
    expect([r1.statusCode, r1.json().errMsg]).toEqual([400, '背景图片不存在']);
    const pdfId = (await upload('说明.pdf', pdf())).json().datas[0].fileId as number;
    const r2 = await save({ backgroundFileId: pdfId });
    expect([r2.statusCode, r2.json().errMsg]).toEqual([400, '背景图片只能是jpg/png图片']);
    // A PDF named .png never becomes a png: the upload refuses content unlike its name.
    expect((await upload('伪装.png', pdf())).statusCode).toBe(415);
    const pngId = (await upload('背景2.png', png())).json().datas[0].fileId as number;
    const r4 = await save({ backgroundKey: 'safety', backgroundFileId: pngId });
    expect([r4.statusCode, r4.json().errMsg]).toEqual([400, '只能选择一张背景图片']);
    expect(Number((await t.sql.query(`select count(*) c from notice`)).rows[0].c)).toBe(before);
  });
});

describe('定时发布', () => {
  it('refuses a past time and publishes at the future time through pg-boss', async () => {
    const id = (await post(admin, '/api/user/saveNotice', { ...platformNotice, title: '定时公告', smsNotify: false })).json().id;
    const past = await post(admin, '/api/notice/publish', { id, timing: 1, publishTime: new Date(Date.now() - 60_000).toISOString() });
    expect(past.json().errMsg).toBe('定时发布时间必须晚于当前时间');
    const at = new Date(Date.now() + 3_000);
    const r = await post(admin, '/api/notice/publish', { id, timing: 1, publishTime: at.toISOString() });
    expect(r.json()).toMatchObject({ errCode: 0, errMsg: '已设置定时发布' });
    expect(await myIds(users.nb_user!.cookie)).not.toContain(id);
    await waitDelivered(id, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    expect(await myIds(users.nb_user!.cookie)).toContain(id);
    expect((await t.sql.query(`select status from notice where id = $1`, [id])).rows[0].status).toBe(2);
  }, 30_000);
});

describe('企业公告', () => {
  it('a tenant admin publishes to one department: only its users see it', async () => {
    const saved = await post(a.cookie!, '/api/user/saveNotice', { ...platformNotice, title: '安全部培训', orgIds: [aSafety], smsNotify: false });
    expect(saved.json(), saved.body).toMatchObject({ errCode: 0 });
    const id = saved.json().id;
    await post(a.cookie!, '/api/notice/publish', { id });
    await waitDelivered(id);
    expect(await myIds(users.na_safety!.cookie)).toContain(id);
    expect(await myIds(users.na_office!.cookie)).not.toContain(id);
    expect(await myIds(users.nb_user!.cookie)).not.toContain(id);
    expect(await myIds(users.np_plain!.cookie)).not.toContain(id);
  });

  it('chosen people, and all of the tenant when none chosen; a 子管理员 may write too', async () => {
    const people = (await post(users.na_sub!.cookie, '/api/user/saveNotice', { ...platformNotice, title: '点名', userIds: [users.na_office!.id], smsNotify: false })).json().id;
    const all = (await post(admin, '/api/user/saveNoticeForTenant', { ...platformNotice, title: '全员', tenantId: a.id, smsNotify: false })).json().id;
    await post(users.na_sub!.cookie, '/api/notice/publish', { id: people });
    await post(admin, '/api/notice/publish', { id: all });
    await waitDelivered(people);
    await waitDelivered(all);
    expect(await myIds(users.na_office!.cookie)).toEqual(expect.arrayContaining([people, all]));
    expect(await myIds(users.na_safety!.cookie)).toContain(all);
    expect(await myIds(users.na_safety!.cookie)).not.toContain(people);
    expect(await myIds(users.nb_user!.cookie)).not.toContain(all);
  });

  it('tenants never see each other\'s notices, receivers or statistics', async () => {
    const list = (await get(b.cookie!, '/api/user/queryNotice')).json();
    expect(list.datas.every((d: Json) => d.tenantId === b.id)).toBe(true);
    const aNotice = (await t.sql.query(`select id from notice where company_id = $1 limit 1`, [a.id])).rows[0].id;
    expect((await get(b.cookie!, `/api/notice/get?id=${aNotice}`)).statusCode).toBe(404);
    expect((await get(b.cookie!, `/api/notice/readers?id=${aNotice}`)).statusCode).toBe(404);
    expect((await post(b.cookie!, '/api/notice/withdraw', { id: aNotice })).statusCode).toBe(404);
    expect((await post(b.cookie!, '/api/user/batchDeleteNotice', { ids: String(aNotice) })).statusCode).toBe(404);
    expect((await post(b.cookie!, '/api/user/saveNotice', { ...platformNotice, id: aNotice })).statusCode).toBe(404);
    expect((await get(users.nb_user!.cookie, `/api/notice/read?id=${aNotice}`)).statusCode).toBe(404);
    // 乙's admin may not aim at 甲's departments or people.
    expect((await post(b.cookie!, '/api/user/saveNotice', { ...platformNotice, orgIds: [aSafety] })).json().errMsg).toBe('所选部门不属于该企业');
    expect((await post(b.cookie!, '/api/user/saveNotice', { ...platformNotice, userIds: [users.na_safety!.id] })).json().errMsg).toBe('所选人员不属于该企业');
  });
});

describe('refusals', () => {
  it('401 without a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/user/queryNotice', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(r.statusCode).toBe(401);
  });
  it('403: a tenant admin writes no 平台公告, an ordinary tenant user nothing, a park user without the menu nothing', async () => {
    expect((await post(a.cookie!, '/api/user/saveNoticeForTenant', { ...platformNotice, tenantId: b.id })).statusCode).toBe(403);
    expect((await get(a.cookie!, '/api/user/queryEnterpriseNoticeForPlatForm')).statusCode).toBe(200);
    expect((await post(users.na_safety!.cookie, '/api/user/saveNotice', platformNotice)).statusCode).toBe(403);
    expect((await get(users.na_safety!.cookie, '/api/user/queryNotice')).statusCode).toBe(403);
    expect((await post(users.np_plain!.cookie, '/api/user/saveNotice', platformNotice)).statusCode).toBe(403);
    expect((await get(users.np_plain!.cookie, '/api/user/queryNotice')).statusCode).toBe(403);
    expect((await get(users.np_plain!.cookie, '/api/notice/sms/setting')).statusCode).toBe(403);
    expect((await get(a.cookie!, '/api/notice/sms/log')).statusCode).toBe(403);
  });
});

describe('短信设置', () => {
  it('shows the gateway and variables; refuses unknown variables in Chinese; saves a default template used on publishing', async () => {
    const s = (await get(admin, '/api/notice/sms/setting')).json().data;
    expect(s.gateway).toEqual({ configured: false, provider: 'log' });
    expect(s.variables).toEqual(['企业名称', '姓名', '公告标题', '日期']);
    const bad = await post(admin, '/api/notice/sms/template/save', { name: '坏', content: '${姓名} ${密码}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toContain('不支持的变量：${密码}');
    const ok = await post(admin, '/api/notice/sms/template/save', { name: '默认', content: '${姓名}：${公告标题}', isDefault: true });
    expect(ok.json()).toMatchObject({ errCode: 0 });
    const id = (await post(admin, '/api/user/saveNotice', { ...platformNotice, title: '模板公告', blackList: [a.id, c.id] })).json().id;
    await post(admin, '/api/notice/publish', { id });
    await waitDelivered(id);
    const sms = await t.sql.query(`select content from sys_sms_log where template = 'notice' and phone = '13800000003' order by id desc limit 1`);
    expect(sms.rows[0].content).toBe('nb_user：模板公告');
  });

  it('test send refuses a bad phone; the log masks phones and pages', async () => {
    expect((await post(admin, '/api/notice/sms/test', { phone: '123', content: 'x' })).json().errMsg).toBe('请输入正确的手机号');
    expect((await post(admin, '/api/notice/sms/test', { phone: '13912345678', content: '${姓名}测试' })).json()).toMatchObject({ errCode: 0 });
    const log = (await get(admin, '/api/notice/sms/log?pageSize=2&phone=1391234')).json();
    expect(log.totalCount).toBe(1);
    expect(log.datas[0].phone).not.toBe('13912345678');
    expect(log.datas[0].phone).toMatch(/^139\*+5678$/);
    const paged = (await get(admin, '/api/notice/sms/log?pageSize=2')).json();
    expect(paged.datas).toHaveLength(2);
  });
});
