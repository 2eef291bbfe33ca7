import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { REGION_COUNT } from '../../db/reference/regions.ts';

let t: TestApp;
let admin: string;
/** Users made by generate_series, each in one organisation with one role. */
const BULK = 2500;

type UserRow = { id: number; username: string; realName: string; orgName: string | null; orgList: unknown[]; roleList: unknown[] };

async function json(cookie: string, url: string) {
  const res = await t.call(cookie, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A company user (type 1 or 2) of the seeded demo company with this code, with the admin's password. */
async function companyUser(username: string, userType: 1 | 2, companyCode: string): Promise<string> {
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select $1, u.password_hash, $1 || '的名字', $2, c.id from sys_user u, sys_company c
     where u.username = 'admin' and c.company_code = $3`,
    [username, userType, companyCode],
  );
  return t.login(username, ADMIN_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  // Organisation 2 is 安全监管科 (seeded); role 3 is 企业用户.
  await t.sql.query(
    `with u as (
       insert into sys_user (username, password_hash, real_name, phone, email)
       select 'bulk' || lpad(g::text, 5, '0'), 'x', '批量用户' || g, '139' || lpad(g::text, 8, '0'), 'bulk' || g || '@park.cn'
       from generate_series(1, ${BULK}) g
       returning id)
     , o as (insert into sys_user_org (user_id, org_id) select id, 2 from u)
     insert into sys_user_role (user_id, role_id) select id, 3 from u`,
  );
});
afterAll(() => t.close());

describe('listUser', () => {
  it('answers the picker shape with desc and the administration fields', async () => {
    const page = await json(admin, '/api/user/listUser?pageNum=1&pageSize=10&wd=admin');
    expect(page).toMatchObject({
      errCode: 0,
      totalCount: 1,
      desc: { username: '用户名', realName: '姓名', orgName: '所属组织', phone: '手机号', email: '邮箱', roleList: '角色' },
    });
    expect(page.datas).toEqual([
      {
        id: 1,
        username: 'admin',
        realName: '系统管理员',
        orgName: '园区管委会',
        orgList: [{ id: 1, orgName: '园区管委会' }],
        phone: null,
        email: null,
        roleList: [{ id: 1, roleName: '系统管理员' }],
        sex: '0',
        userType: 0,
        tenantUserType: null,
        status: 0,
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
  });

  it('pages newest first and searches user name, real name and phone as text', async () => {
    const p1 = await json(admin, '/api/user/listUser?pageNum=1&pageSize=7');
    const p2 = await json(admin, '/api/user/listUser?pageNum=2&pageSize=7');
    expect(p1.totalCount).toBe(BULK + 1);
    expect(p1.datas.map((u: UserRow) => u.username)).toEqual(['bulk02500', 'bulk02499', 'bulk02498', 'bulk02497', 'bulk02496', 'bulk02495', 'bulk02494']);
    expect(p2.datas[0].username).toBe('bulk02493');
    expect(p2.datas[0]).toMatchObject({ orgName: '安全监管科', orgList: [{ id: 2, orgName: '安全监管科' }], roleList: [{ id: 3, roleName: '企业用户' }] });
    expect((await json(admin, `/api/user/listUser?wd=${encodeURIComponent('批量用户250')}`)).totalCount).toBe(2); // 250 and 2500
    expect((await json(admin, '/api/user/listUser?wd=13900000042')).datas.map((u: UserRow) => u.username)).toEqual(['bulk00042']);
    expect((await json(admin, '/api/user/listUser?wd=%25')).totalCount).toBe(0);
    expect((await json(admin, '/api/user/listUser?wd=_')).totalCount).toBe(0);
    expect((await json(admin, '/api/user/listUser?orgId=2&pageSize=1')).totalCount).toBe(BULK);
  });

  it('streams pageSize=10000000 in batches: every row once, in order, and valid JSON', async () => {
    const res = await t.call(admin, 'GET', '/api/user/listUser?pageSize=10000000&pageNum=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const all = JSON.parse(res.body);
    expect(all.totalCount).toBe(BULK + 1);
    expect(all.datas).toHaveLength(BULK + 1);
    const ids = all.datas.map((u: UserRow) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(all.datas.at(-1).username).toBe('admin');
    // A page that starts inside one batch and ends in the next matches the same slice of the whole.
    const mid = await json(admin, '/api/user/listUser?pageNum=2&pageSize=1200');
    expect(mid.datas.map((u: UserRow) => u.id)).toEqual(ids.slice(1200, 2400));
    const last = await json(admin, '/api/user/listUser?pageNum=3&pageSize=1200');
    expect(last.datas.map((u: UserRow) => u.id)).toEqual(ids.slice(2400));
    // Without paging fields: everything, as the original's pickers also call it.
    expect((await json(admin, '/api/user/listUser')).datas).toHaveLength(BULK + 1);
    expect((await t.call(admin, 'GET', '/api/user/listUser?pageSize=10000001')).statusCode).toBe(400);
  });

  it('gives company users only their own company', async () => {
    const a = await companyUser('corp_a_admin', 1, '91340500MA2DEMO01X');
    await companyUser('corp_b_admin', 1, '91340500MA2DEMO02Y');
    const mine = await json(a, '/api/user/listUser?pageSize=10000000&pageNum=1');
    expect(mine.datas.map((u: UserRow) => u.username)).toEqual(['corp_a_admin']);
    expect(mine.totalCount).toBe(1);
    expect((await json(a, '/api/user/listUserByOrgId?orgId=2')).totalCount).toBe(0);
  });
});

describe('organisations and roles', () => {
  it('lists organisations by parent, users by organisation, and roles', async () => {
    const top = await json(admin, '/api/user/listOrgByParentId');
    expect(top.list).toEqual([{ id: 1, parentId: null, orgName: '园区管委会', orgCode: 'GWH', orderIndex: 0, isLeaf: false }]);
    const kids = (await json(admin, '/api/user/listOrgByParentId?parentId=1')).list;
    expect(kids.map((o: { orgName: string }) => o.orgName)).toEqual(['安全监管科', '应急管理办', '环境保护科', '经济发展局', '规划建设局', '综合办公室']);
    expect(kids.every((o: { isLeaf: boolean; parentId: number }) => o.isLeaf && o.parentId === 1)).toBe(true);
    expect((await json(admin, '/api/user/listOrgByParentId?parentId=0')).list).toEqual(top.list);

    const members = await json(admin, '/api/user/listUserByOrgId?orgId=2&pageNum=1&pageSize=3');
    expect(members.totalCount).toBe(BULK);
    expect(members.list).toHaveLength(3);
    expect(members.list[0]).toMatchObject({ username: 'bulk02500', orgName: '安全监管科' });
    expect(members.desc.realName).toBe('姓名');
    // Direct members only: the root organisation holds just the administrator.
    expect((await json(admin, '/api/user/listUserByOrgId?orgId=1')).list.map((u: UserRow) => u.username)).toEqual(['admin']);

    const roles = await json(admin, '/api/user/listRole');
    expect(roles.datas.map((r: { roleName: string }) => r.roleName)).toEqual(expect.arrayContaining(['系统管理员', '园区管理员', '企业用户']));
  });

  it('answers the organisation-and-user tree whole, or one level at a time', async () => {
    const tree = (await json(admin, '/api/user/listOrgAndUserTree')).list;
    expect(tree).toHaveLength(1);
    const root = tree[0];
    expect(root).toMatchObject({ key: 'org-1', id: 1, name: '园区管委会', type: 'org', isLeaf: false });
    expect(root.children.slice(0, 6).map((c: { type: string }) => c.type)).toEqual(Array(6).fill('org'));
    expect(root.children[6]).toEqual({ key: 'user-1', id: 1, name: '系统管理员', username: 'admin', type: 'user', isLeaf: true });
    expect(root.children[0].children).toHaveLength(BULK);

    const level = (await json(admin, '/api/user/listOrgAndUserTree?parentId=1')).list;
    expect(level.map((n: { key: string }) => n.key)).toEqual(['org-2', 'org-3', 'org-4', 'org-5', 'org-6', 'org-7', 'user-1']);
    expect(level[0].isLeaf).toBe(false); // it has members
    expect(level[1].isLeaf).toBe(true);
    expect((await json(admin, '/api/user/listOrgAndUserTree?parentId=0')).list.map((n: { key: string }) => n.key)).toEqual(['org-1']);
  });
});

describe('dictionaries for pickers', () => {
  it('seeds sex, economic types, supervision types, industry categories, chemical categories and risk levels', async () => {
    const types = (await json(admin, '/api/user/listDicType')).datas.map((d: { typeCode: string }) => d.typeCode);
    expect(types).toEqual(
      expect.arrayContaining(['sex', 'economic_type', 'supervision_type', 'industry_category', 'chemical_category', 'risk_level']),
    );
    const sex = (await json(admin, '/api/user/listDicCatalog?typeCode=sex')).datas;
    expect(sex.map((c: { code: string; name: string }) => [c.code, c.name])).toEqual([
      ['0', '男'],
      ['1', '女'],
    ]);
    const economic = (await json(admin, '/api/user/listDicCatalog?typeCode=economic_type')).datas.map((c: { name: string }) => c.name);
    expect(economic).toEqual(expect.arrayContaining(['国有企业', '集体企业', '私营企业', '股份有限公司', '有限责任公司', '外商投资企业', '港澳台投资企业']));
    const risk = (await json(admin, '/api/user/listDicCatalog?typeCode=risk_level')).datas;
    expect(risk.map((c: { code: string; name: string }) => `${c.code} ${c.name}`)).toEqual(['01 重大风险', '02 较大风险', '03 一般风险', '04 低风险']);

    const chem = (await json(admin, '/api/user/listDicCatalog?typeCode=chemical_category')).datas;
    expect(chem.map((c: { name: string }) => c.name)).toEqual(['物理危险', '健康危害', '环境危害']);
    const names = chem.flatMap((c: { children: Array<{ name: string }> }) => c.children.map((k) => k.name));
    expect(names).toEqual(expect.arrayContaining(['爆炸物', '易燃气体', '易燃液体', '遇水放出易燃气体的物质和混合物', '急性毒性', '致癌性', '危害水生环境']));
    expect(names).toHaveLength(28);

    const top = (await json(admin, '/api/user/listDicCatalogByParentId?typeCode=supervision_type&parentId=0')).datas;
    expect(top[0]).toMatchObject({ code: '01', name: '危险化学品生产', hasChildren: true });
    const trade = top.find((c: { code: string }) => c.code === '02');
    const kids = (await json(admin, `/api/user/listDicCatalogByParentId?typeCode=supervision_type&parentId=${trade.id}`)).datas;
    expect(kids.map((c: { name: string }) => c.name)).toEqual(['危险化学品经营（带储存）', '危险化学品经营（不带储存）', '加油加气站']);
  });
});

describe('public region and industry trees', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers regions by parent code without a session', async () => {
    const roots = await get('/apc/company/getAdministrativeDic');
    expect(roots.statusCode).toBe(200);
    const provinces = roots.json().children;
    expect(roots.json().errCode).toBe(0);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市', level: 1, isLeaf: false });
    expect((await get('/apc/company/getAdministrativeDic?parentCode=')).json().children).toHaveLength(34);
    // A municipality's districts sit under a city-level node the code list lacks.
    expect((await get('/apc/company/getAdministrativeDic?parentCode=110000')).json().children).toEqual([
      { code: '110100', name: '市辖区', level: 2, isLeaf: false },
    ]);
    const districts = (await get('/apc/company/getAdministrativeDic?parentCode=110100')).json().children;
    expect(districts).toHaveLength(16);
    expect(districts[0]).toEqual({ code: '110101', name: '东城区', level: 3, isLeaf: true });
    const anhui = (await get('/apc/company/getAdministrativeDic?parentCode=340000')).json().children;
    expect(anhui.find((c: { code: string }) => c.code === '340500')).toEqual({ code: '340500', name: '马鞍山市', level: 2, isLeaf: false });
    // A city with no counties (东莞) is a leaf; province-administered cities have a parent too.
    const guangdong = (await get('/apc/company/getAdministrativeDic?parentCode=440000')).json().children;
    expect(guangdong.find((c: { code: string }) => c.code === '441900')).toMatchObject({ name: '东莞市', isLeaf: true });
    const henan = (await get('/apc/company/getAdministrativeDic?parentCode=419000')).json().children;
    expect(henan).toEqual([{ code: '419001', name: '济源市', level: 3, isLeaf: true }]);
    expect((await get('/apc/company/getAdministrativeDic?parentCode=999999')).json().children).toEqual([]);
    expect((await get("/apc/company/getAdministrativeDic?parentCode=1'or'1")).statusCode).toBe(400);
    const { rows } = await t.sql.query('select level, count(*)::int n from sys_region group by level order by level');
    expect(rows.reduce((s: number, r: { n: number }) => s + r.n, 0)).toBe(REGION_COUNT);
    expect(rows.map((r: { level: number }) => r.level)).toEqual([1, 2, 3]);
    const orphans = await t.sql.query('select count(*)::int n from sys_region where level > 1 and parent_code is null');
    expect(orphans.rows[0].n).toBe(0);
  });

  it('answers the supervision-type tree by parent code', async () => {
    const roots = (await get('/apc/company/getIndustryDic')).json();
    expect(roots.errCode).toBe(0);
    expect(roots.children[0]).toEqual({ code: '01', name: '危险化学品生产', isLeaf: false });
    expect(roots.children.find((c: { code: string }) => c.code === '05')).toEqual({ code: '05', name: '化工生产（非危化品）', isLeaf: true });
    const kids = (await get('/apc/company/getIndustryDic?parentCode=07')).json().children;
    expect(kids.map((c: { name: string }) => c.name)).toEqual(['供电', '供水', '供热（蒸汽）', '工业气体', '污水处理', '危险废物处置']);
    expect(kids.every((c: { isLeaf: boolean }) => c.isLeaf)).toBe(true);
    expect((await get('/apc/company/getIndustryDic?parentCode=nope')).json().children).toEqual([]);
  });

  it('rate-limits each address', async () => {
    const remoteAddress = '10.9.8.7';
    let last = 0;
    for (let i = 0; i < 301; i++) {
      last = (await t.app.inject({ method: 'GET', url: '/apc/company/getIndustryDic?parentCode=01', remoteAddress })).statusCode;
    }
    expect(last).toBe(429);
    const refused = await t.app.inject({ method: 'GET', url: '/apc/company/getIndustryDic', remoteAddress });
    expect(refused.json()).toEqual({ errCode: 429, errMsg: '请求过于频繁，请稍后再试' });
    expect((await get('/apc/company/getIndustryDic')).statusCode).toBe(200);
  });
});
