import type { Kysely } from 'kysely';
import { APPROVAL_TEXT, APPROVE_STATUS, COMMENT_STATUS, type FlowNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict } from '../../plugins/errors.ts';
import type { FormModel, Row } from '../form/index.ts';
import { advance, comment, definitionTree, type InstanceRow } from './engine.ts';

type Trx = Kysely<Database>;

/** The deployed definition a new instance of this form starts on, or null. */
export async function deployedDefinition(db: Trx, formId: string): Promise<string | null> {
  const row = await db.selectFrom('flow_model').select('definition_id').where('form_id', '=', formId).executeTakeFirst();
  return row?.definition_id ?? null;
}

/**
 * Starts an approval of `record` inside the caller's transaction (the one that saved it, for
 * startformflow): the instance, the initiator's 提交 in the history, and the first nodes.
 */
export async function startInstance(
  trx: Trx,
  model: FormModel,
  record: Row,
  initiator: { userId: string; realName: string },
): Promise<string> {
  const definitionId = await deployedDefinition(trx, model.formId);
  if (!definitionId) throw badRequest(APPROVAL_TEXT.noFlow);
  const running = await trx
    .selectFrom('flow_instance')
    .select('id')
    .where('form_id', '=', model.formId)
    .where('business_id', '=', String(record.id))
    .where('approve_status', '=', APPROVE_STATUS.running)
    .executeTakeFirst();
  if (running) throw conflict('该记录正在审批中');
  const tree: FlowNode = await definitionTree(trx, definitionId);
  const inst = (await trx
    .insertInto('flow_instance')
    .values({
      definition_id: definitionId,
      form_id: model.formId,
      business_id: String(record.id),
      business_name: `${initiator.realName}提交的${model.formName}`,
      initiator_id: initiator.userId,
    })
    .returning(['id', 'definition_id', 'form_id', 'business_id', 'business_name', 'initiator_id', 'approve_status', 'resume_node_id', 'last_remind_time'])
    .executeTakeFirstOrThrow()) as InstanceRow;
  await comment(trx, inst, { node: { nodeId: tree.nodeId, nodeName: tree.nodeName || '发起人' }, userId: initiator.userId, type: 'fill', status: COMMENT_STATUS.submit, remark: null });
  await advance(trx, { inst, tree, model, record }, tree.nodeId);
  return String(inst.id);
}
