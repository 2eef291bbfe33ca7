import type { Transaction } from 'kysely';
import { HAZMAT_VEHICLE_FORM_NAME, withNodeIds, type FlowNode } from '@park/core';
import type { Database } from '../db/schema.ts';

/**
 * The demo automation (issue 18) on the demo forms: when a 危化品车辆入园登记 record carrying
 * 危险化学品 is added, the administrator gets a message naming the plate and the load. Written as the
 * save call would write it (version 1, enabled, owned by admin).
 */
export function demoAutomationFlow(vehicleFormId: string, adminId: string): FlowNode {
  return withNodeIds({
    nodeId: 'demo-trigger',
    nodeName: '触发器',
    type: 0,
    conf: { triggerType: 'form', destId: Number(vehicleFormId), destName: HAZMAT_VEHICLE_FORM_NAME, event: 'insert' },
    childNode: {
      nodeId: 'demo-route',
      nodeName: '路由',
      type: 3,
      childNode: null,
      conditionNodes: [
        {
          nodeId: 'demo-hazard',
          nodeName: '危险化学品',
          type: 2,
          priorityLevel: 1,
          conf: { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: 'cargo_kind', type: 'radio', dataType: 'String', matchType: '$eq', value: '危险化学品' }] }] }, fieldUpdateConds: [] } },
          childNode: {
            nodeId: 'demo-notify',
            nodeName: '通知管理员',
            type: 1,
            conf: {
              actionType: 'msgTask',
              messageType: '0',
              title: '危化品车辆入园：${plate_no}',
              content: '车辆 ${plate_no} 登记入园，运输危险化学品，实际装载 ${actual_load} 吨。',
              menuUrl: `/form/list/${vehicleFormId}`,
              recipient: { type: 1, person: [{ id: Number(adminId), name: '系统管理员', type: 1 }], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] },
            },
            childNode: null,
          },
        },
        { nodeId: 'demo-other', nodeName: '其他情况', type: 2, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } }, childNode: null },
      ],
    },
  });
}

export async function seedDemoAutomation(trx: Transaction<Database>): Promise<void> {
  const form = await trx.selectFrom('form_conf').select('id').where('form_name', '=', HAZMAT_VEHICLE_FORM_NAME).orderBy('id').executeTakeFirst();
  const admin = await trx.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!form || !admin) return;
  const flowName = '危化品车辆入园通知';
  const flow = await trx
    .insertInto('auto_flow')
    .values({ flow_name: flowName, form_id: form.id, event: 'insert', owner_id: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await trx
    .insertInto('auto_flow_version')
    .values({ flow_id: flow.id, version: 1, flow_name: flowName, node_config: JSON.stringify(demoAutomationFlow(form.id, admin.id)), writes_form_ids: [], create_by: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('auto_flow').set({ version: 1, version_id: version.id }).where('id', '=', flow.id).execute();
}
