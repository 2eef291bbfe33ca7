import type { Kysely } from 'kysely';
import { renderTemplate, resolveRecipients, type FlowNode, type MsgTaskConf } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../../msg/index.ts';
import type { ActionContext, ActionRunner } from './types.ts';

async function compose(db: Kysely<Database>, node: FlowNode, ctx: ActionContext) {
  const conf = (node.conf ?? {}) as MsgTaskConf;
  const receivers = await resolveRecipients(conf.recipient ?? { type: -1 }, { record: ctx.record, initiatorId: ctx.initiatorId }, ctx.directory(db));
  return {
    receivers,
    title: renderTemplate(conf.title, ctx.record).slice(0, 500),
    content: renderTemplate(conf.content, ctx.record).slice(0, 4000),
    menuUrl: renderTemplate(conf.menuUrl, ctx.record).slice(0, 500),
  };
}

/** 消息动作: an in-app message to the resolved recipients, written in the node's transaction. */
export const msgTaskRunner: ActionRunner = {
  async run(trx, node, ctx) {
    const msg = await compose(trx, node, ctx);
    await notify(trx, {
      receiverIds: msg.receivers,
      title: msg.title,
      content: msg.content,
      bigType: MSG_BIG_TYPE.automation,
      smallType: MSG_SMALL_TYPE.automationMessage,
      params: { flowId: ctx.flowId, executionId: ctx.executionId, formId: ctx.formId, businessId: ctx.recordId },
      menuUrl: msg.menuUrl || null,
    });
    return { kind: 'message', ...msg };
  },
  async plan(db, node, ctx) {
    return { kind: 'message', ...(await compose(db, node, ctx)) };
  },
  writesForms: () => [],
  // Recipients and templates are checked by core on save; a message names no form.
  checkForms: async () => undefined,
};
