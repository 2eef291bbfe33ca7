import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/guarded', { config: { permission: 'test:guarded' } }, async () => ({ errCode: 0 }));
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name)
     select u, password_hash, u from sys_user, unnest(array['granted', 'plain']) u where username = 'admin'`,
  );
  const { rows } = await t.sql.query(`insert into sys_role (role_name) values ('受控角色') returning id`);
  const menu = await t.sql.query(
    `insert into sys_menu (name, path, level, menu_type, perms) values ('受控按钮', '/guarded', 2, 'button', 'test:other,test:guarded') returning id`,
  );
  await t.sql.query(`insert into sys_role_menu values ($1, $2)`, [rows[0].id, menu.rows[0].id]);
  await t.sql.query(`insert into sys_user_role select id, $1 from sys_user where username = 'granted'`, [rows[0].id]);
});
afterAll(() => t.close());

describe('route permissions', () => {
  it('lets the super role and a granted role through, and refuses others with 403', async () => {
    expect((await t.call(await t.login(), 'GET', '/api/test/guarded')).statusCode).toBe(200);
    expect((await t.call(await t.login('granted'), 'GET', '/api/test/guarded')).statusCode).toBe(200);
    const refused = await t.call(await t.login('plain'), 'GET', '/api/test/guarded');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errCode: 403, errMsg: '您无权执行此操作' });
  });

  it('takes a revoked grant into account on the next request once the change is announced', async () => {
    const cookie = await t.login('granted');
    expect((await t.call(cookie, 'GET', '/api/test/guarded')).statusCode).toBe(200);
    await t.sql.query(`delete from sys_user_role where user_id = (select id from sys_user where username = 'granted')`);
    await t.sql.query(`select pg_notify('park_auth', '{"kind":"user","id":"*"}')`);
    await expect.poll(async () => (await t.call(cookie, 'GET', '/api/test/guarded')).statusCode).toBe(403);
  });
});
