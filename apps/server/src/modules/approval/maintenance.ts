import type { Kysely } from 'kysely';
import { APPROVAL_TEXT, APPROVE_STATUS, COMMENT_STATUS } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import type { FormModel, RecordService, Row } from '../form/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { comment, finish, lockInstance } from './engine.ts';

/**
 * A system administrator's maintenance removal of records (ADR 0026): records under approval are
 * refused to every other deleter, so this is the one way to remove one. In one transaction each
 * running approval of the records is cancelled (withdrawn, its open tasks closed so they leave
 * every to-do list, the initiator told), then the records go. No task is left pointing at a
 * record that no longer exists.
 */
export async function removeRecordsForMaintenance(
  trx: Kysely<Database>,
  records: RecordService,
  model: FormModel,
  ids: string[],
  auth: AuthContext,
): Promise<{ deleted: Row[]; cancelled: string[] }> {
  const running = await trx
    .selectFrom('flow_instance')
    .select('id')
    .where('form_id', '=', model.formId)
    .where('business_id', 'in', ids)
    .where('approve_status', '=', APPROVE_STATUS.running)
    .orderBy('id')
    .execute();
  const cancelled: string[] = [];
  for (const { id } of running) {
    const inst = await lockInstance(trx, String(id));
    if (!inst || inst.approve_status !== APPROVE_STATUS.running) continue;
    await comment(trx, inst, { node: null, userId: auth.userId, status: COMMENT_STATUS.withdrawn, remark: APPROVAL_TEXT.removedByAdmin });
    await finish(trx, inst, APPROVE_STATUS.withdrawn);
    if (inst.initiator_id) {
      await notify(trx, {
        receiverIds: [inst.initiator_id],
        title: `流程已取消：${inst.business_name}（${APPROVAL_TEXT.removedByAdmin}）`,
        bigType: MSG_BIG_TYPE.approval,
        smallType: MSG_SMALL_TYPE.result,
        params: { processInstanceId: Number(inst.id), formId: Number(inst.form_id), businessId: Number(inst.business_id) },
        menuUrl: `/formTaskInfo?processInstanceId=${inst.id}`,
      });
    }
    cancelled.push(String(inst.id));
  }
  const deleted = await records.removeForMaintenance(trx, model, ids, auth);
  return { deleted, cancelled };
}
