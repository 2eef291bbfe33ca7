import type { TestApp } from '../../../test/testApp.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { createForm, vehicleMeta } from '../automation/testSupport.ts';

type Json = Record<string, unknown>;

export interface ApprovalWorld {
  admin: string;
  formId: number;
  ids: Record<'clerk' | 'chief' | 'director' | 'cc' | 'other' | 'stranger', string>;
  cookies: Record<'clerk' | 'chief' | 'director' | 'cc' | 'other' | 'stranger', string>;
}

/**
 * The approval tests' park: 安全科 (leader chief) under 园区管委会 (leader director); the clerk
 * files 危化品车辆入园登记 records. Every user's password is the administrator's.
 */
export async function approvalWorld(t: TestApp): Promise<ApprovalWorld> {
  const admin = await t.login();
  const formId = await createForm(t, admin, '危化品车辆入园登记', vehicleMeta());
  const user = async (username: string, realName: string) =>
    String((await t.sql.query(`insert into sys_user (username, password_hash, real_name, user_type) select $1, password_hash, $2, 0 from sys_user where username = 'admin' returning id`, [username, realName])).rows[0].id);
  const ids = {
    clerk: await user('clerk', '王登记'),
    chief: await user('chief', '李科长'),
    director: await user('director', '赵主任'),
    cc: await user('ccuser', '孙抄送'),
    other: await user('other', '周同事'),
    stranger: await user('stranger', '吴路人'),
  };
  const top = (await t.sql.query(`insert into sys_org (org_name, leader_id) values ('审批测试管委会', $1) returning id`, [ids.director])).rows[0].id;
  const dept = (await t.sql.query(`insert into sys_org (org_name, parent_id, leader_id) values ('审批测试安全科', $1, $2) returning id`, [top, ids.chief])).rows[0].id;
  for (const u of [ids.clerk, ids.chief, ids.other]) await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [u, dept]);
  await t.sql.query(`insert into sys_user_org (user_id, org_id) values ($1, $2)`, [ids.director, top]);
  await grantForm(t, ids.clerk, formId, ['add', 'edit', 'view']);
  const cookies = {
    clerk: await t.login('clerk'),
    chief: await t.login('chief'),
    director: await t.login('director'),
    cc: await t.login('ccuser'),
    other: await t.login('other'),
    stranger: await t.login('stranger'),
  };
  return { admin, formId, ids, cookies };
}

const recipient = (r: Json): Json => ({ person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [], ...r });
export const person = (...ids: string[]) => recipient({ type: 1, person: ids.map((id) => ({ id: Number(id), name: id, type: 1 })) });
export const supervisor = (level = 1) => recipient({ type: 2, leader: level });

export function approver(nodeId: string, who: Json, extra: Json = {}, child: Json | null = null): Json {
  return { nodeId, nodeName: nodeId, type: 1, recipient: who, approveType: 0, approveItems: [], childNode: child, ...extra };
}

/** 发起人 → 科长 (supervisor, may set 状态) → route (载重 > 20: 主任; else nothing) → cc. */
export function twoLevelTree(ids: ApprovalWorld['ids']): Json {
  return {
    nodeId: 'start', nodeName: '发起人', type: 0,
    childNode: approver('科长审批', supervisor(1), { approveItems: ['state'] }, {
      nodeId: 'route', nodeName: '路由', type: 4,
      conditionNodes: [
        { nodeId: 'big', nodeName: '条件1', type: 3, priorityLevel: 1, conf: { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: 'load_ton', type: 'input_number', dataType: 'Number', matchType: '$gt', value: '20' }] }] }, fieldUpdateConds: [] } },
          childNode: approver('主任审批', person(ids.director)) },
        { nodeId: 'small', nodeName: '条件2', type: 3, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } }, childNode: null },
      ],
      childNode: { nodeId: 'cc', nodeName: '抄送', type: 2, recipient: person(ids.cc), childNode: null },
    }),
  };
}

/** Creates, saves and deploys a form's flow as the administrator; returns the modelId. */
export async function deploy(t: TestApp, w: ApprovalWorld, tree: Json): Promise<number> {
  const modelId = (await t.call(w.admin, 'GET', `/api/flow/flowconf/createmodel?formId=${w.formId}&formName=x`)).json().modelId as number;
  const saved = await t.call(w.admin, 'POST', '/api/flow/flowconf/save', { modelId, nodeConfig: tree });
  if (saved.json().errCode !== 0) throw new Error(saved.body);
  const dep = await t.call(w.admin, 'GET', `/api/flow/deployprocessdef?modelId=${modelId}`);
  if (dep.json().errCode !== 0) throw new Error(dep.body);
  return modelId;
}

export async function submit(t: TestApp, w: ApprovalWorld, fields: Json): Promise<{ businessId: number; processInstanceId: number }> {
  const res = await t.call(w.cookies.clerk, 'POST', `/api/form/startformflow/${w.formId}`, fields);
  if (res.json().errCode !== 0) throw new Error(res.body);
  return res.json();
}

/** The waiting task of `who` in the instance (or undefined). */
export async function taskOf(t: TestApp, instanceId: number, userId: string): Promise<number | undefined> {
  const r = await t.sql.query(`select id from flow_task where instance_id = $1 and assignee_id = $2 and status = 0 order by id desc limit 1`, [instanceId, userId]);
  return r.rows[0] ? Number(r.rows[0].id) : undefined;
}

export async function statusOf(t: TestApp, instanceId: number): Promise<string> {
  return (await t.sql.query(`select approve_status from flow_instance where id = $1`, [instanceId])).rows[0].approve_status;
}

/** A form-encoded task post as the origin client sends it. */
export function postTask(t: TestApp, cookie: string, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
