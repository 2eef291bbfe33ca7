import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

let t: TestApp;
let admin: string;

/** Adds a user with the admin's password hash and, optionally, a role by code. */
async function addUser(username: string, roleCode?: string): Promise<string> {
  const { rows } = await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type)
     select $1, password_hash, $1 || '的名字', 2 from sys_user where username = 'admin' returning id`,
    [username],
  );
  const id = String(rows[0].id);
  if (roleCode) {
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = $2`, [id, roleCode]);
  }
  return id;
}

/** Top-level menus in order: all of them, or those a role is bound to (later features add their own). */
async function topMenus(roleCode: string | null): Promise<string[]> {
  const { rows } = await t.sql.query(
    `select name from sys_menu m where parent_id is null and menu_type = 'menu'
       and ($1::text is null or exists (
         select 1 from sys_role_menu rm join sys_role r on r.id = rm.role_id
         where r.role_code = $1 and (rm.menu_id = m.id or rm.menu_id in (select id from sys_menu c where c.parent_id = m.id))))
     order by order_index, id`,
    [roleCode],
  );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('getUser', () => {
  it('returns the user with organisations and roles', async () => {
    const res = await t.call(admin, 'GET', '/api/user/getUser');
    expect(res.json()).toEqual({
      errCode: 0,
      enableCompanyPermission: false,
      user: {
        id: 1,
        username: 'admin',
        realName: '系统管理员',
        userType: 0,
        sex: '0',
        companyId: null,
        orgList: [{ id: 1, orgName: '园区管委会' }],
        roleList: [{ id: 1, roleName: '系统管理员' }],
      },
    });
  });
});

describe('listRouter', () => {
  it('gives the administrator the whole seeded menu tree, in order', async () => {
    const { children } = (await t.call(admin, 'GET', '/api/user/listRouter/1')).json();
    expect(children.map((m: { name: string }) => m.name)).toEqual(await topMenus(null));
    expect(children[1].children.map((m: { path: string }) => m.path)).toEqual([
      '/waitDoneTask/WaitDoneTask',
      '/msg/MsgList',
      '/formTask/ExecutingFormTask',
    ]);
  });

  it('gives a role holder only the menus bound to the role, parents included', async () => {
    await addUser('reader');
    const { rows } = await t.sql.query(`insert into sys_role (role_name) values ('只读消息') returning id`);
    const roleId = rows[0].id;
    await t.sql.query(`insert into sys_user_role (user_id, role_id) select id, $1 from sys_user where username = 'reader'`, [roleId]);
    await t.sql.query(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where path = '/msg/MsgList'`, [roleId]);
    const cookie = await t.login('reader');
    const { children } = (await t.call(cookie, 'GET', '/api/user/listRouter/1')).json();
    expect(children).toHaveLength(1);
    expect(children[0].name).toBe('工作台');
    expect(children[0].children.map((m: { name: string }) => m.name)).toEqual(['消息中心']);
  });

  it('grants menus through a role held by the user\'s organisation', async () => {
    const id = await addUser('orgmember');
    await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, 3)`, [id]);
    await t.sql.query(`insert into sys_org_role (org_id, role_id) select 3, id from sys_role where role_code = 'company_user'`);
    const cookie = await t.login('orgmember');
    const { children } = (await t.call(cookie, 'GET', '/api/user/listRouter/1')).json();
    expect(children.map((m: { name: string }) => m.name)).toEqual(await topMenus('company_user'));
  });

  it('gives a user without roles no menus', async () => {
    await addUser('nomenu');
    const cookie = await t.login('nomenu');
    expect((await t.call(cookie, 'GET', '/api/user/listRouter/1')).json()).toEqual({ errCode: 0, children: [] });
  });
});

describe('shell lookups', () => {
  it('lists the organisation tree as departManage', async () => {
    const { departManage } = (await t.call(admin, 'GET', '/api/user/listOrgTree')).json();
    expect(departManage[0].orgName).toBe('园区管委会');
    expect(departManage[0].children.map((o: { orgName: string }) => o.orgName)).toContain('安全监管科');
    expect(departManage[0].children.map((o: { orgName: string }) => o.orgName)).toContain('应急管理办');
  });

  it('lists modules with their status', async () => {
    const { list } = (await t.call(admin, 'GET', '/api/user/listSys')).json();
    expect(list.map((m: { status: number }) => m.status).sort()).toEqual([0, 1]);
  });

  it('gives the current date from the server clock', async () => {
    const { currentDate } = (await t.call(admin, 'GET', '/api/form/getCurrentDate')).json();
    expect(currentDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(new Date(currentDate.replace(' ', 'T')).getTime() - Date.now())).toBeLessThan(5000);
  });
});

describe('counters and lists', () => {
  it('counts only the caller\'s waiting to-dos, executing form tasks and unread messages', async () => {
    const other = await addUser('other');
    await t.sql.query(
      `insert into flow_task (title, assignee_id, status) values ('审批一', 1, 0), ('审批二', 1, 0), ('已办', 1, 1), ('别人的', $1, 0)`,
      [other],
    );
    await t.sql.query(`insert into form_task (title, assignee_id) values ('巡检填报', 1), ('别人的任务', $1)`, [other]);
    // The seeds leave the admin some unread messages (the welcome, the demo notices): count those first.
    const before = (await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json().totalCount as number;
    await t.sql.query(`insert into msg_message (title, receiver_id) values ('别人的消息', $1), ('我的消息', 1)`, [other]);
    expect((await t.call(admin, 'GET', '/api/flow/queryWatiDoneTaskCount')).json()).toEqual({ errCode: 0, count: 2 });
    expect((await t.call(admin, 'GET', '/api/formtask/countExecuting')).json()).toEqual({ errCode: 0, count: 1 });
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json()).toEqual({ errCode: 0, totalCount: before + 1 });
    const todo = (await t.call(admin, 'GET', '/api/user/waitdone/queryWaitDoneTask?pageNum=1&pageSize=1')).json();
    expect(todo.totalCount).toBe(2);
    expect(todo.datas).toHaveLength(1);
  });

  it('lists to-dos and form tasks with the shared fields and each one\'s own', async () => {
    await t.sql.query(`insert into flow_task (title, assignee_id, status, form_name, business_id, initiator_id) values ('审批三', 1, 0, '巡检表', 7, 1)`);
    await t.sql.query(`insert into form_task (title, assignee_id, form_name, deadline) values ('限期填报', 1, '巡检表', '2026-03-01 08:30:00')`);
    const todo = (await t.call(admin, 'GET', '/api/user/waitdone/queryWaitDoneTask?pageNum=1&pageSize=50')).json();
    const approval = todo.datas.find((r: { title: string }) => r.title === '审批三');
    expect(approval).toMatchObject({ formId: null, formName: '巡检表', businessId: 7, status: 0 });
    expect(typeof approval.id).toBe('number');
    expect(approval.initiatorName).toBeTruthy();
    expect(approval.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const tasks = (await t.call(admin, 'GET', '/api/formtask/queryExecuting?pageNum=1&pageSize=50')).json();
    expect(tasks.errCode).toBe(0);
    const task = tasks.datas.find((r: { title: string }) => r.title === '限期填报');
    expect(task).toMatchObject({ formId: null, formName: '巡检表', status: 0, deadline: '2026-03-01 08:30:00' });
    expect(Object.keys(task).sort()).toEqual(['createTime', 'deadline', 'formId', 'formName', 'id', 'status', 'title']);
  });

  it('marks only the caller\'s own messages read', async () => {
    const mine = (await t.call(admin, 'GET', '/api/msg/queryself?pageNum=1&pageSize=10&statusList=0')).json();
    const theirs = await t.sql.query(`select id from msg_message where title = '别人的消息'`);
    const ids = [...mine.msgs.map((m: { msgId: number }) => m.msgId), theirs.rows[0].id].join(',');
    expect((await t.call(admin, 'GET', `/api/msg/updateMsgReaded?ids=${ids}`)).json()).toEqual({ errCode: 0 });
    expect((await t.call(admin, 'GET', '/api/msg/unreadmsgcountself')).json().totalCount).toBe(0);
    const still = await t.sql.query(`select read_status from msg_message where title = '别人的消息'`);
    expect(still.rows[0].read_status).toBe('0');
  });

  it('rejects malformed ids and paging with 400', async () => {
    expect((await t.call(admin, 'GET', '/api/msg/updateMsgReaded?ids=1;drop')).statusCode).toBe(400);
    expect((await t.call(admin, 'GET', '/api/msg/queryself?pageNum=0')).statusCode).toBe(400);
  });
});
