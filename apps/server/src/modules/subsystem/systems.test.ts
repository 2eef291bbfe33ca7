import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/* 子系统 calls (issue 40): the original's fields and messages, the one-time sealed secret, who sees what. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

const base = { sysName: '视频平台', sysUrl: 'https://video.park.example/', status: 0, sysIndex: 5, sso: 1, syn: 0 };

describe('子系统', () => {
  it('refuses bad input with the original messages', async () => {
    const add = (body: object) => t.call(admin, 'POST', '/api/user/addSys', { ...base, ...body });
    const msg = async (body: object) => (await add(body)).json().errMsg;
    expect(await msg({ sysName: ' ' })).toBe('请输入子系统名称');
    expect(await msg({ sysUrl: 'ftp://x' })).toBe('请输入正确的访问地址');
    expect(await msg({ sysIndex: 0 })).toBe('必须为正整数');
    expect(await msg({ sysIndex: '1.5' })).toBe('必须为正整数');
    expect(await msg({ sso: 0 })).toBe('需要单点登录时请填写至少一个回调地址');
    expect(await msg({ sso: 0, redirectUris: 'https://a.example/cb#x' })).toBe('回调地址须为完整的 http(s) 地址，每行一个');
  });

  it('adds, answers listSys with the original fields, and shows the secret once, sealed in the table', async () => {
    const add = await t.call(admin, 'POST', '/api/user/addSys', { ...base, sysDesc: '园区视频' });
    expect(add.json()).toMatchObject({ errCode: 0, errMsg: '操作成功' });
    const id = add.json().id as number;
    expect((await t.call(admin, 'POST', '/api/user/addSys', base)).json().errMsg).toBe('子系统已存在');
    expect((await t.call(admin, 'GET', `/api/user/checkBySysName?sysName=${encodeURIComponent('视频平台')}`)).json()).toMatchObject({ count: 1 });

    const agent = (await t.call(admin, 'POST', '/api/user/updateAgent', { id })).json();
    expect(agent.agentAccount).toMatch(/^[0-9a-f]{32}$/);
    expect(agent.agentSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = (await t.sql.query(`select agent_secret from sys_module where id = $1`, [id])).rows[0].agent_secret as string;
    expect(stored).not.toContain(agent.agentSecret);
    expect((await t.call(admin, 'GET', `/api/user/checkBySysName?agentAccount=${agent.agentAccount}`)).json().count).toBe(1);

    const row = (await t.call(admin, 'GET', '/api/user/listSys?syn=0')).json().list.find((s: { id: number }) => s.id === id);
    expect(row).toMatchObject({ sysName: '视频平台', sysIndex: 5, sysDesc: '园区视频', sso: 1, syn: 0, status: 0, agentAccount: agent.agentAccount, hasSecret: true });
    expect(JSON.stringify(row)).not.toContain(agent.agentSecret);
    expect((await t.call(admin, 'GET', `/api/user/listSys?sysName=${encodeURIComponent('视频')}`)).json().list).toHaveLength(1);

    // A user without system:sys sees the module list, never how a sub-system connects, and cannot edit.
    await t.sql.query(
      `insert into sys_user (username, password_hash, real_name, user_type) select 'plain40', password_hash, '普通', 0 from sys_user where username = 'admin'`,
    );
    const plain = await t.login('plain40');
    const seen = (await t.call(plain, 'GET', '/api/user/listSys')).json().list.find((s: { id: number }) => s.id === id);
    expect(seen).toBeDefined();
    expect(seen.agentAccount).toBeUndefined();
    expect((await t.call(plain, 'POST', '/api/user/updateAgent', { id })).statusCode).toBe(403);

    expect((await t.call(admin, 'POST', '/api/user/deleteSys', { ids: `${id},` })).json().errCode).toBe(0);
    expect((await t.sql.query(`select count(*)::int n from sys_module where id = $1`, [id])).rows[0].n).toBe(0);
  });

  it('grants interfaces per sub-system (listInter / addSysRelInter / listSysRelInter)', async () => {
    const id = (await t.call(admin, 'POST', '/api/user/addSys', { ...base, sysName: 'GIS' })).json().id as number;
    const inters = (await t.call(admin, 'GET', `/api/user/listInter?sysId=${id}`)).json();
    expect(inters.list.map((i: { interCode: string }) => i.interCode)).toEqual(['organisations', 'users', 'roles', 'companies', 'dictionaries']);
    expect(inters.sysRelInterList).toEqual([]);
    const [org, user] = inters.list as { id: number }[];
    // A GET that writes needs the request header, like a POST.
    const bare = await t.app.inject({ method: 'GET', url: `/api/user/addSysRelInter?sysId=${id}&interIds=${org!.id},`, headers: { cookie: admin } });
    expect(bare.statusCode).toBe(403);
    const saved = await t.call(admin, 'GET', `/api/user/addSysRelInter?sysId=${id}&interIds=${org!.id},${user!.id},`);
    expect(saved.json()).toMatchObject({ errCode: 0, errMsg: '保存成功' });
    expect((await t.call(admin, 'GET', `/api/user/listSysRelInter?sysId=${id}`)).json().list).toEqual([
      { interId: org!.id, tenantId: null },
      { interId: user!.id, tenantId: null },
    ]);
    expect((await t.call(admin, 'GET', `/api/user/addSysRelInter?sysId=${id}&interIds=999,`)).json().errMsg).toBe('接口不存在');
    expect((await t.call(admin, 'GET', `/api/user/addSysRelInter?sysId=${id}&interIds=${org!.id},&tenantIds=99999`)).json().errMsg).toBe('租户不存在');
    expect((await t.call(admin, 'GET', `/api/user/listSysRelInter?sysId=${id}`)).json().list).toHaveLength(2);
  });

  it('notes every organisation change for data sync, with its tenant', async () => {
    const before = Number((await t.sql.query(`select coalesce(max(seq), 0) m from sync_change`)).rows[0].m);
    await t.sql.query(`insert into sys_org (org_name) values ('同步测试部')`);
    const rows = (await t.sql.query(`select inter_code, op from sync_change where seq > $1`, [before])).rows;
    expect(rows).toEqual([{ inter_code: 'organisations', op: 'upsert' }]);
  });
});
