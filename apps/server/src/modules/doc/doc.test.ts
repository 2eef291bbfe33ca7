import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { insertTenant, type TestTenant } from '../../../test/t3Tenants.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdf } from '../../../test/sampleFiles.ts';

/*
 * Issue 38 (ADR 0052): the three libraries and their trees on real PostgreSQL — shapes, who sees
 * what (black list, tenants, owners), the bytes behind an entry, three levels, messages, refusals.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read loosely in the test
type Json = Record<string, any>;
let t: TestApp;
let admin: string;
let a: TestTenant;
let b: TestTenant;
const users: Record<string, { id: string; cookie: string }> = {};

async function addUser(tenant: TestTenant | null, name: string, tenantUserType = 2) {
  const u = await t.sql.query<{ id: string }>(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id, tenant_user_type)
     select $1, password_hash, $2, $3, $4, $5 from sys_user where username = 'admin' returning id`,
    [name, `${name}姓名`, tenant ? 2 : 0, tenant?.id ?? null, tenant ? tenantUserType : null],
  );
  users[name] = { id: u.rows[0]!.id, cookie: await t.login(name, ADMIN_PASSWORD) };
  return users[name]!;
}
const post = (cookie: string, url: string, body: unknown) => t.call(cookie, 'POST', url, body);
const get = (cookie: string, url: string) => t.call(cookie, 'GET', url);
async function upload(cookie: string, filename: string, data: Buffer) {
  const { payload, contentType } = multipart([{ name: 'file', filename, data }]);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType }, payload });
}
const uploadId = async (cookie: string, name: string) => {
  const r = await upload(cookie, name, pdf(name));
  expect(r.statusCode, r.body).toBe(200);
  return String(r.json().datas[0].fileId);
};
const names = (r: { json(): Json }) => (r.json().datas as Json[]).map((d) => d.originalName).sort();
const addNode = async (cookie: string, url: string, body: Json) => {
  const r = await post(cookie, url, body);
  expect(r.json(), r.body).toMatchObject({ errCode: 0, errMsg: '保存成功' });
  return r.json().id as number;
};

let shareCls: number;
let shareTag: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await insertTenant(t, '甲文档化工');
  b = await insertTenant(t, '乙文档化工');
  await addUser(a, 'da_user');
  await addUser(a, 'da_mate');
  await addUser(b, 'db_user');
  await addUser(null, 'dp_plain');
  shareCls = await addNode(admin, '/api/file/addFileClassification', { source: 0, name: '安全制度', code: 'AQ', typeCode: 'classification', level: 1 });
  shareTag = await addNode(admin, '/api/user/addTag', { source: 0, name: '应急', typeCode: 'classification', level: 1 });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('auth', () => {
  it('refuses without a session (401) and a tenant user managing the shared library (403)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/file/queryShareDocForPlatForm', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(r.statusCode).toBe(401);
    const f = await uploadId(users.da_user!.cookie, '越权.pdf');
    expect((await post(users.da_user!.cookie, '/api/file/saveFileExtend', { source: 0, fileId: f, classificationId: shareCls })).statusCode).toBe(403);
    expect((await post(users.da_user!.cookie, '/api/file/addFileClassification', { source: 0, name: '越权分类' })).statusCode).toBe(403);
    expect((await get(users.dp_plain!.cookie, '/api/file/queryEnterpriseDocForPlatForm')).statusCode).toBe(403);
  });
});

describe('共享文件库', () => {
  let fileId: string;
  let entryId: number;
  it('saves a shared file with classification, tag and black list, and answers the original shapes', async () => {
    fileId = await uploadId(admin, '园区安全手册.pdf');
    const r = await post(admin, '/api/file/saveFileExtend', { source: 0, fileId, classificationId: shareCls, classification: '安全制度', fileLabelId: String(shareTag), fileLabel: '应急', backList: [b.id] });
    expect(r.json(), r.body).toMatchObject({ errCode: 0, errMsg: '保存成功' });
    entryId = r.json().id;
    const list = (await get(admin, '/api/file/queryShareDocForPlatForm?originalName=安全手册&pageNum=1&pageSize=10&order=1')).json();
    expect(list.totalCount).toBe(1);
    expect(list.datas[0]).toMatchObject({ fileExtendId: entryId, fileId: Number(fileId), originalName: '园区安全手册.pdf', fileType: 'pdf', classification: '安全制度', classificationId: shareCls, fileLabel: '应急', fileLabelId: String(shareTag), userName: 'admin' });
    const bl = (await get(admin, `/api/file/queryFileTenantBlackLisByFileId/${fileId}`)).json();
    expect(bl.datas).toEqual([{ tenantId: Number(b.id), tenantName: '乙文档化工' }]);
  });

  it('a black-listed tenant neither lists the file nor downloads its bytes; another tenant does', async () => {
    expect(names(await get(users.db_user!.cookie, '/api/file/queryShareDocForPlatForm?originalName=安全手册'))).toEqual([]);
    expect((await get(users.db_user!.cookie, `/api/file/download/${fileId}`)).statusCode).toBe(404);
    expect((await get(users.db_user!.cookie, `/api/file/queryFileTenantBlackLisByFileId/${fileId}`)).statusCode).toBe(404);
    expect(names(await get(users.da_user!.cookie, '/api/file/queryShareDocForPlatForm?originalName=安全手册'))).toEqual(['园区安全手册.pdf']);
    const d = await get(users.da_user!.cookie, `/api/file/download/${fileId}`);
    expect(d.statusCode).toBe(200);
    expect(d.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('filters by classification, type and upload time', async () => {
    const q = (s: string) => get(admin, `/api/file/queryShareDocForPlatForm?${s}`);
    expect(names(await q(`classification=${shareCls}&originalName=安全手册`))).toEqual(['园区安全手册.pdf']);
    expect(names(await q('fileType=docx&originalName=安全手册'))).toEqual([]);
    expect(names(await q('fileType=pdf&originalName=安全手册'))).toEqual(['园区安全手册.pdf']);
    expect(names(await q('bt=2000-01-01&et=2000-01-02&originalName=安全手册'))).toEqual([]);
    expect(names(await q(`bt=2000-01-01&et=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&originalName=安全手册`))).toEqual(['园区安全手册.pdf']);
  });

  it('refuses a classification files use, then deletes the entry with the original message', async () => {
    const r = await t.call(admin, 'GET', `/api/file/batchDeleteFileClassification?ids=${shareCls}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe('该分类或其下级分类已被文件使用，不能删除');
    expect((await get(admin, '/api/file/batchDeleteFileExtend?ids=')).json().errMsg).toBe('请选择需要删除的文件库');
    const keep = await uploadId(admin, '保留手册.pdf');
    await post(admin, '/api/file/saveFileExtend', { source: 0, fileId: keep, classificationId: shareCls });
    const d = await get(admin, `/api/file/batchDeleteFileExtend?ids=${entryId}`);
    expect(d.json()).toMatchObject({ errCode: 0, errMsg: '删除文件库成功' });
    expect(names(await get(admin, '/api/file/queryShareDocForPlatForm?originalName=安全手册'))).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    [{ source: 0, fileId: '1' }, '分类不能为空'],
    [{ source: 0, classificationId: 1 }, '上传共享文件不能为空'],
    [{ source: 0, classificationId: 1, fileId: ['1', '2'] }, '当前限制上传1个文件'],
    [{ source: 1, classificationId: 1, fileId: '1' }, '请先选择所属企业（团队）'],
  ])('refuses %o', async (body, msg) => {
    const r = await post(admin, '/api/file/saveFileExtend', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe(msg);
  });

  it('refuses an .exe renamed .pdf at upload', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const r = await upload(admin, '伪装.pdf', exe);
    expect(r.statusCode).toBe(415);
    expect(r.json().errMsg).toBe('文件类型与扩展名不符');
  });

  it('refuses a classification of another library', async () => {
    const f = await uploadId(admin, '错分类.pdf');
    const personalCls = await addNode(admin, '/api/file/addFileClassification', { source: 1, tenantId: a.id, name: '甲企业分类' });
    const r = await post(admin, '/api/file/saveFileExtend', { source: 0, fileId: f, classificationId: personalCls });
    expect(r.json().errMsg).toBe('所选分类不存在');
  });
});

describe('trees', () => {
  it('keeps three levels with the original messages and names', async () => {
    const l1 = await addNode(admin, '/api/file/addFileClassification', { source: 0, name: '一级' });
    const l2 = await addNode(admin, '/api/file/addFileClassification', { source: 0, name: '二级', parentId: l1 });
    const l3 = await addNode(admin, '/api/file/addFileClassification', { source: 0, name: '三级', parentId: l2 });
    const r = await post(admin, '/api/file/addFileClassification', { source: 0, name: '四级', parentId: l3 });
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe('此为三级分类 ,不能作为上级分类选择');
    expect((await post(admin, '/api/file/addFileClassification', { source: 0, name: ' ' })).json().errMsg).toBe('请输入分类名称');
    expect((await post(admin, '/api/user/addTag', { source: 0, name: '' })).json().errMsg).toBe('请输入标签名称');
    const t1 = await addNode(admin, '/api/user/addTag', { source: 0, name: '标签一' });
    const t2 = await addNode(admin, '/api/user/addTag', { source: 0, name: '标签二', parentId: t1 });
    const t3 = await addNode(admin, '/api/user/addTag', { source: 0, name: '标签三', parentId: t2 });
    expect((await post(admin, '/api/user/addTag', { source: 0, name: '标签四', parentId: t3 })).json().errMsg).toBe('此为三级标签 ,不能作为上级标签选择');
    // Moving 二级 (with 三级 under it) below 三级's sibling depth would make four levels.
    const other2 = await addNode(admin, '/api/file/addFileClassification', { source: 0, name: '另二级', parentId: l1 });
    expect((await post(admin, '/api/file/updateFileClassification', { id: l2, source: 0, name: '二级', parentId: other2 })).json().errMsg).toBe('此为三级分类 ,不能作为上级分类选择');
    const tree = (await get(admin, '/api/file/listFileClassification?source=0')).json().children as Json[];
    const root = tree.find((n) => n.id === l1)!;
    expect(root.children.map((n: Json) => n.name).sort()).toEqual(['二级', '另二级']);
    expect(root.children.find((n: Json) => n.id === l2).children[0]).toMatchObject({ id: l3, name: '三级', level: 3, parentId: l2 });
    expect((await get(admin, `/api/file/listFileClassificationByParentId?parentId=${l2}`)).json().list.map((n: Json) => n.name)).toEqual(['三级']);
    expect((await get(admin, `/api/user/listTagByParentId?parentId=${t1}`)).json().list.map((n: Json) => n.name)).toEqual(['标签二']);
    const tagTree = (await get(admin, '/api/user/listTag?source=0')).json().children as Json[];
    expect(tagTree.find((n) => n.id === t1)!.children[0].children[0].name).toBe('标签三');
    await post(admin, '/api/user/updateTag', { id: t3, source: 0, name: '标签三改', parentId: t2 });
    expect((await get(admin, `/api/user/listTagByParentId?parentId=${t2}`)).json().list[0].name).toBe('标签三改');
    // Deleting a node takes its subtree.
    expect((await get(admin, `/api/user/batchDeleteTag?ids=${t1}`)).json()).toMatchObject({ errCode: 0 });
    expect((await t.sql.query('select count(*)::int as n from doc_tag where id = any($1)', [[t1, t2, t3]])).rows[0].n).toBe(0);
  });

  it('a tenant sees its own trees and not another tenant\'s', async () => {
    await addNode(a.cookie!, '/api/file/addFileClassification', { source: 1, name: '甲自建分类' });
    const own = (await get(users.da_user!.cookie, '/api/file/listFileClassification?source=1')).json().children as Json[];
    expect(own.map((n) => n.name)).toContain('甲自建分类');
    const other = (await get(users.db_user!.cookie, '/api/file/listFileClassification?source=1')).json().children as Json[];
    expect(other.map((n) => n.name)).not.toContain('甲自建分类');
    expect((await get(users.db_user!.cookie, `/api/file/listFileClassification?source=1&tenantId=${a.id}`)).statusCode).toBe(403);
    // An ordinary user cannot change the tenant's tree.
    expect((await post(users.da_user!.cookie, '/api/file/addFileClassification', { source: 1, name: '普通用户分类' })).statusCode).toBe(403);
  });
});

describe('企业文件库 and 个人文件夹', () => {
  it('the park files for a tenant; that tenant sees it, another gets 404 for list, entry and bytes', async () => {
    const cls = await addNode(admin, '/api/file/addFileClassification', { source: 1, tenantId: a.id, name: '甲合同' });
    const f = await uploadId(admin, '甲企业合同.pdf');
    const r = await post(admin, '/api/file/saveFileExtend', { source: 1, tenantId: a.id, tenantName: a.name, fileId: f, classificationId: cls });
    expect(r.json(), r.body).toMatchObject({ errCode: 0 });
    expect((await get(admin, `/api/file/queryEnterpriseDocForPlatForm?tenantId=${a.id}`)).json().datas[0]).toMatchObject({ tenantName: '甲文档化工', originalName: '甲企业合同.pdf' });
    expect(names(await get(users.da_user!.cookie, '/api/file/queryEnterpriseDocForPlatForm'))).toEqual(['甲企业合同.pdf']);
    expect(names(await get(users.db_user!.cookie, '/api/file/queryEnterpriseDocForPlatForm'))).toEqual([]);
    expect((await get(users.db_user!.cookie, `/api/file/download/${f}`)).statusCode).toBe(404);
    expect((await get(users.da_user!.cookie, `/api/file/download/${f}`)).statusCode).toBe(200);
    expect((await get(users.db_user!.cookie, `/api/file/batchDeleteFileExtend?ids=${r.json().id}`)).statusCode).toBe(404);
    // A tenant's admin manages its own library; naming another tenant is refused.
    const f2 = await uploadId(a.cookie!, '甲自传.pdf');
    expect((await post(a.cookie!, '/api/file/saveFileExtend', { source: 1, tenantId: b.id, fileId: f2, classificationId: cls })).statusCode).toBe(403);
    expect((await post(a.cookie!, '/api/file/saveFileExtend', { source: 1, fileId: f2, classificationId: cls })).json()).toMatchObject({ errCode: 0 });
  });

  it('a user files into their own folder; colleagues cannot read it; the park looks read-only', async () => {
    const u = users.da_user!;
    const cls = await addNode(a.cookie!, '/api/file/addFileClassification', { source: 2, name: '我的资料' });
    const f = await uploadId(u.cookie, '个人笔记.pdf');
    const r = await post(u.cookie, '/api/file/saveFileExtend', { source: 2, fileId: f, classificationId: cls });
    expect(r.json(), r.body).toMatchObject({ errCode: 0 });
    expect(names(await get(u.cookie, '/api/file/queryPersonalDocForPlatForm'))).toEqual(['个人笔记.pdf']);
    expect(names(await get(users.da_mate!.cookie, '/api/file/queryPersonalDocForPlatForm'))).toEqual([]);
    expect((await get(users.da_mate!.cookie, `/api/file/download/${f}`)).statusCode).toBe(404);
    expect((await get(u.cookie, `/api/file/download/${f}`)).statusCode).toBe(200);
    const park = (await get(admin, `/api/file/queryPersonalDocForPlatForm?tenantId=${a.id}&realName=da_user`)).json();
    expect(park.datas[0]).toMatchObject({ originalName: '个人笔记.pdf', realName: 'da_user姓名', tenantName: '甲文档化工' });
    expect((await get(admin, `/api/file/download/${f}`)).statusCode).toBe(200);
    expect((await get(admin, `/api/file/batchDeleteFileExtend?ids=${r.json().id}`)).statusCode).toBe(403);
    expect((await get(users.da_mate!.cookie, `/api/file/batchDeleteFileExtend?ids=${r.json().id}`)).statusCode).toBe(404);
    expect((await get(u.cookie, `/api/file/batchDeleteFileExtend?ids=${r.json().id}`)).json().errMsg).toBe('删除文件库成功');
  });
});
