import type { Kysely } from 'kysely';
import { resolveRecipients, type CcNode } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { recordDirectory } from '../../automation/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../../msg/index.ts';
import { taskLink, taskOf, type FlowState } from '../instance.ts';
import { TASK_STATUS } from '../taskStatus.ts';
import type { ApprovalNodeRuntime } from './types.ts';

type Trx = Kysely<Database>;

async function openCc(trx: Trx, state: FlowState, node: CcNode): Promise<void> {
  const { inst } = state;
  const users = node.recipient ? await resolveRecipients(node.recipient, { record: state.record, initiatorId: inst.initiator_id }, recordDirectory(trx, inst.form_id, state.record)) : [];
  if (users.length === 0) return;
  const created = await trx
    .insertInto('flow_task')
    .values(
      users.map((userId) => ({
        ...taskOf(state, node, userId),
        status: TASK_STATUS.done,
        done_time: new Date(),
        task_type: 1,
        action: 'cc',
      })),
    )
    .returning(['id', 'assignee_id'])
    .execute();
  for (const t of created) {
    await notify(trx, { receiverIds: [t.assignee_id], title: `抄送：${inst.business_name}`, bigType: MSG_BIG_TYPE.approval, smallType: MSG_SMALL_TYPE.cc, ...taskLink(inst, String(t.id)) });
  }
}

/** Type 2: copies go out (done tasks in 抄送我的, and a message); the flow goes straight on. */
export const ccRuntime: ApprovalNodeRuntime = {
  async open(trx, state, node) {
    await openCc(trx, state, node);
    return false;
  },
  returnable: false,
};
