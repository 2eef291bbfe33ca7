import type { Transaction } from 'kysely';
import { HAZMAT_APPROVAL_OPINION, HAZMAT_VEHICLE_FORM_NAME, withNodeIds, type FlowNode } from '@park/core';
import type { Database } from '../db/schema.ts';

/*
 * The demo approval (issue 20) on 危化品车辆入园登记: 发起人 → 科室主管审批 (the initiator's
 * supervisor) → 实际装载 > 20 吨: 分管领导审批 (second-level supervisor) → 抄送 综合办公室. Demo
 * people of the park so that it runs: 张三 of 安全监管科 files, 李四 leads 安全监管科, 王五 leads
 * 园区管委会, 赵六 of 综合办公室 gets the copy. Their password is the administrator's; their roles
 * are seeds/demoRoles.ts's.
 */

const DEMO_PEOPLE = [
  { username: 'zhangsan', realName: '张三', org: '安全监管科' },
  { username: 'lisi', realName: '李四', org: '安全监管科', leads: '安全监管科' },
  { username: 'wangwu', realName: '王五', org: '园区管委会', leads: '园区管委会' },
  { username: 'zhaoliu', realName: '赵六', org: '综合办公室' },
] as const;

const recipient = (r: Record<string, unknown>) => ({ person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [], ...r });

export function demoApprovalFlow(ccUserId: string): FlowNode {
  return withNodeIds({
    nodeId: 'demo-start',
    nodeName: '发起人',
    type: 0,
    childNode: {
      nodeId: 'demo-chief',
      nodeName: '科室主管审批',
      type: 1,
      recipient: recipient({ type: 2, leader: 1 }),
      approveType: 0,
      approveItems: [HAZMAT_APPROVAL_OPINION],
      noApprover: 'admin',
      timeLimitHours: 24,
      timeoutAction: 'remind',
      childNode: {
        nodeId: 'demo-route',
        nodeName: '路由',
        type: 4,
        conditionNodes: [
          {
            nodeId: 'demo-heavy',
            nodeName: '实际装载超过20吨',
            type: 3,
            priorityLevel: 1,
            conf: { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: 'actual_load', type: 'input_number', dataType: 'Number', matchType: '$gt', value: '20' }] }] }, fieldUpdateConds: [] } },
            childNode: { nodeId: 'demo-leader', nodeName: '分管领导审批', type: 1, recipient: recipient({ type: 2, leader: 2 }), approveType: 0, approveItems: [HAZMAT_APPROVAL_OPINION], noApprover: 'admin', childNode: null },
          },
          { nodeId: 'demo-light', nodeName: '其他情况', type: 3, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } }, childNode: null },
        ],
        childNode: { nodeId: 'demo-cc', nodeName: '抄送综合办公室', type: 2, recipient: recipient({ type: 1, person: [{ id: Number(ccUserId), name: '赵六', type: 1 }] }), childNode: null },
      },
    },
  } as FlowNode);
}

export async function seedDemoApproval(trx: Transaction<Database>): Promise<void> {
  const form = await trx.selectFrom('form_conf').select('id').where('form_name', '=', HAZMAT_VEHICLE_FORM_NAME).orderBy('id').executeTakeFirst();
  const admin = await trx.selectFrom('sys_user').select(['id', 'password_hash']).where('username', '=', 'admin').executeTakeFirst();
  if (!form || !admin) return;
  const ids: Record<string, string> = {};
  for (const p of DEMO_PEOPLE) {
    const org = await trx.selectFrom('sys_org').select('id').where('org_name', '=', p.org).orderBy('id').executeTakeFirst();
    const existing = await trx.selectFrom('sys_user').select('id').where('username', '=', p.username).executeTakeFirst();
    if (existing || !org) return;
    const user = await trx
      .insertInto('sys_user')
      .values({ username: p.username, password_hash: admin.password_hash, real_name: p.realName, sex: '0', user_type: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Their roles come from a later step (seeds/demoRoles.ts, issue 42).
    ids[p.username] = user.id;
    await trx.insertInto('sys_user_org').values({ user_id: user.id, org_id: org.id }).execute();
    if ('leads' in p) await trx.updateTable('sys_org').set({ leader_id: user.id }).where('id', '=', org.id).execute();
  }
  const tree = JSON.stringify(demoApprovalFlow(ids.zhaoliu!));
  const model = await trx
    .insertInto('flow_model')
    .values({ form_id: form.id, model_name: HAZMAT_VEHICLE_FORM_NAME, node_config: tree, update_by: admin.id })
    .onConflict((oc) => oc.column('form_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!model) return;
  const def = await trx
    .insertInto('flow_definition')
    .values({ model_id: model.id, form_id: form.id, version: 1, node_config: tree, create_by: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('flow_model').set({ version: 1, definition_id: def.id }).where('id', '=', model.id).execute();
}
